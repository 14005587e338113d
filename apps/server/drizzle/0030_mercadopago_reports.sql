CREATE TABLE "mercadopago_releases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"row_key" text NOT NULL,
	"released_at" timestamp with time zone,
	"release_day" date,
	"source_id" text,
	"external_reference" text,
	"record_type" text NOT NULL,
	"description" text NOT NULL,
	"net_credit" bigint NOT NULL,
	"net_debit" bigint NOT NULL,
	"gross" bigint NOT NULL,
	"processing_fee" bigint NOT NULL,
	"financing_fee" bigint NOT NULL,
	"shipping_fee" bigint NOT NULL,
	"taxes" bigint NOT NULL,
	"coupon" bigint NOT NULL,
	"balance" bigint,
	"installments" integer,
	"payment_method" text,
	"payout_bank_account" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mercadopago_releases_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "mercadopago_releases_row_key" UNIQUE("organization_id","account_id","row_key"),
	CONSTRAINT "mercadopago_releases_amounts_check" CHECK (net_credit >= 0 AND net_debit >= 0 AND abs(net_credit) <= 99999999999 AND abs(net_debit) <= 99999999999 AND abs(gross) <= 99999999999 AND abs(processing_fee) <= 99999999999 AND abs(financing_fee) <= 99999999999 AND abs(shipping_fee) <= 99999999999 AND abs(taxes) <= 99999999999 AND abs(coupon) <= 99999999999 AND (balance IS NULL OR abs(balance) <= 99999999999)),
	CONSTRAINT "mercadopago_releases_day_check" CHECK (("mercadopago_releases"."released_at" IS NULL) = ("mercadopago_releases"."release_day" IS NULL)
        AND ("mercadopago_releases"."release_day" IS NOT NULL OR "mercadopago_releases"."record_type" = 'initial_available_balance')),
	CONSTRAINT "mercadopago_releases_installments_check" CHECK ("mercadopago_releases"."installments" BETWEEN 0 AND 999),
	CONSTRAINT "mercadopago_releases_row_key_check" CHECK ("mercadopago_releases"."row_key" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "mercadopago_report_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"sha256" text NOT NULL,
	"period_start" date,
	"period_end" date,
	"row_count" integer NOT NULL,
	"new_count" integer NOT NULL,
	"duplicate_count" integer NOT NULL,
	"rejected_count" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mercadopago_report_imports_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "mercadopago_report_imports_counts_check" CHECK ("mercadopago_report_imports"."new_count" >= 0 AND "mercadopago_report_imports"."duplicate_count" >= 0 AND "mercadopago_report_imports"."rejected_count" >= 0
        AND "mercadopago_report_imports"."new_count" + "mercadopago_report_imports"."duplicate_count" = "mercadopago_report_imports"."row_count"),
	CONSTRAINT "mercadopago_report_imports_period_check" CHECK (("mercadopago_report_imports"."period_start" IS NULL) = ("mercadopago_report_imports"."period_end" IS NULL) AND "mercadopago_report_imports"."period_start" <= "mercadopago_report_imports"."period_end"),
	CONSTRAINT "mercadopago_report_imports_sha256_check" CHECK ("mercadopago_report_imports"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "mercadopago_settlements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"row_key" text NOT NULL,
	"source_id" text NOT NULL,
	"external_reference" text,
	"transaction_type" text NOT NULL,
	"payment_method_type" text,
	"payment_method" text,
	"currency" text,
	"gross" bigint NOT NULL,
	"processing_fee" bigint NOT NULL,
	"marketplace_fee" bigint NOT NULL,
	"financing_fee" bigint NOT NULL,
	"shipping_fee" bigint NOT NULL,
	"taxes" bigint NOT NULL,
	"net" bigint NOT NULL,
	"coupon" bigint NOT NULL,
	"transaction_at" timestamp with time zone NOT NULL,
	"approval_day" date NOT NULL,
	"settlement_at" timestamp with time zone,
	"settlement_day" date,
	"installments" integer,
	"order_id" text,
	"pack_id" text,
	"shipping_id" text,
	"store_id" text,
	"pos_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mercadopago_settlements_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "mercadopago_settlements_row_key" UNIQUE("organization_id","account_id","row_key"),
	CONSTRAINT "mercadopago_settlements_amounts_check" CHECK (abs(gross) <= 99999999999 AND abs(processing_fee) <= 99999999999 AND abs(marketplace_fee) <= 99999999999 AND abs(financing_fee) <= 99999999999 AND abs(shipping_fee) <= 99999999999 AND abs(taxes) <= 99999999999 AND abs(net) <= 99999999999 AND abs(coupon) <= 99999999999),
	CONSTRAINT "mercadopago_settlements_settlement_check" CHECK ("mercadopago_settlements"."transaction_type" <> 'SETTLEMENT' OR "mercadopago_settlements"."processing_fee" >= 0
        AND "mercadopago_settlements"."processing_fee" + "mercadopago_settlements"."marketplace_fee" + "mercadopago_settlements"."financing_fee" + "mercadopago_settlements"."shipping_fee" + "mercadopago_settlements"."taxes" + "mercadopago_settlements"."net"
          = "mercadopago_settlements"."gross"),
	CONSTRAINT "mercadopago_settlements_settlement_day_check" CHECK (("mercadopago_settlements"."settlement_at" IS NULL) = ("mercadopago_settlements"."settlement_day" IS NULL)),
	CONSTRAINT "mercadopago_settlements_installments_check" CHECK ("mercadopago_settlements"."installments" BETWEEN 0 AND 999),
	CONSTRAINT "mercadopago_settlements_row_key_check" CHECK ("mercadopago_settlements"."row_key" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "mercadopago_releases" ADD CONSTRAINT "mercadopago_releases_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_releases" ADD CONSTRAINT "mercadopago_releases_organization_id_account_id_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."accounts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_releases" ADD CONSTRAINT "mercadopago_releases_organization_id_import_id_mercadopago_report_imports_organization_id_id_fk" FOREIGN KEY ("organization_id","import_id") REFERENCES "public"."mercadopago_report_imports"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_report_imports" ADD CONSTRAINT "mercadopago_report_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_report_imports" ADD CONSTRAINT "mercadopago_report_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_report_imports" ADD CONSTRAINT "mercadopago_report_imports_organization_id_account_id_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."accounts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_settlements" ADD CONSTRAINT "mercadopago_settlements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_settlements" ADD CONSTRAINT "mercadopago_settlements_organization_id_account_id_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."accounts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_settlements" ADD CONSTRAINT "mercadopago_settlements_organization_id_import_id_mercadopago_report_imports_organization_id_id_fk" FOREIGN KEY ("organization_id","import_id") REFERENCES "public"."mercadopago_report_imports"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mercadopago_releases_day_idx" ON "mercadopago_releases" USING btree ("organization_id","account_id","release_day");--> statement-breakpoint
CREATE INDEX "mercadopago_report_imports_account_idx" ON "mercadopago_report_imports" USING btree ("organization_id","account_id","created_at");--> statement-breakpoint
CREATE INDEX "mercadopago_settlements_day_idx" ON "mercadopago_settlements" USING btree ("organization_id","account_id","approval_day");