-- The ledger's foreign keys name payment methods and tax types with their organization: those keys come first.
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_org_id_key" UNIQUE("organization_id","id");--> statement-breakpoint
ALTER TABLE "tax_types" ADD CONSTRAINT "tax_types_org_id_key" UNIQUE("organization_id","id");--> statement-breakpoint
CREATE TABLE "account_movements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"date" date NOT NULL,
	"amount" bigint NOT NULL,
	"kind" text NOT NULL,
	"payment_id" uuid,
	"description" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_movements_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "account_movements_amount_check" CHECK ("account_movements"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_attachments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"payment_id" uuid,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_document_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"classification_id" uuid NOT NULL,
	"cost_centre_id" uuid NOT NULL,
	"share" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "ledger_document_lines_document_key" UNIQUE("document_id","classification_id","cost_centre_id"),
	CONSTRAINT "ledger_document_lines_share_check" CHECK ("ledger_document_lines"."share" > 0 AND "ledger_document_lines"."share" <= 10000),
	CONSTRAINT "ledger_document_lines_amount_check" CHECK (amount >= 0 AND amount <= 99999999999)
);
--> statement-breakpoint
CREATE TABLE "ledger_document_taxes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"tax_type_id" uuid NOT NULL,
	"rate" integer NOT NULL,
	"base" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"due_date" date,
	"tax_document_id" uuid,
	CONSTRAINT "ledger_document_taxes_document_key" UNIQUE("document_id","tax_type_id"),
	CONSTRAINT "ledger_document_taxes_rate_check" CHECK ("ledger_document_taxes"."rate" BETWEEN 0 AND 10000),
	CONSTRAINT "ledger_document_taxes_amount_check" CHECK (base > 0 AND amount >= 0 AND amount <= base)
);
--> statement-breakpoint
CREATE TABLE "ledger_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"party_id" uuid NOT NULL,
	"description" text NOT NULL,
	"document_number" text,
	"document_type" text NOT NULL,
	"issue_date" date NOT NULL,
	"competence" date NOT NULL,
	"payment_method_id" uuid,
	"account_id" uuid,
	"notes" text,
	"gross_amount" bigint NOT NULL,
	"withheld_amount" bigint DEFAULT 0 NOT NULL,
	"net_amount" bigint NOT NULL,
	"interest_rate" integer DEFAULT 0 NOT NULL,
	"fine_rate" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancel_reason" text,
	"contract_id" uuid,
	"contract_period" date,
	"recurrence_id" uuid,
	"recurrence_period" date,
	"tax_of_document_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "ledger_documents_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "ledger_documents_contract_period_key" UNIQUE("organization_id","contract_id","contract_period"),
	CONSTRAINT "ledger_documents_recurrence_period_key" UNIQUE("organization_id","recurrence_id","recurrence_period"),
	CONSTRAINT "ledger_documents_gross_check" CHECK (gross_amount > 0 AND gross_amount <= 99999999999),
	CONSTRAINT "ledger_documents_net_check" CHECK ("ledger_documents"."withheld_amount" >= 0 AND "ledger_documents"."net_amount" > 0 AND "ledger_documents"."net_amount" = "ledger_documents"."gross_amount" - "ledger_documents"."withheld_amount"),
	CONSTRAINT "ledger_documents_rates_check" CHECK ("ledger_documents"."interest_rate" BETWEEN 0 AND 10000 AND "ledger_documents"."fine_rate" BETWEEN 0 AND 10000),
	CONSTRAINT "ledger_documents_status_check" CHECK ("ledger_documents"."status" IN ('open', 'partial', 'paid', 'cancelled')),
	CONSTRAINT "ledger_documents_competence_check" CHECK (extract(day FROM "ledger_documents"."competence") = 1),
	CONSTRAINT "ledger_documents_cancelled_check" CHECK (("ledger_documents"."status" = 'cancelled') = ("ledger_documents"."cancelled_at" IS NOT NULL AND "ledger_documents"."cancel_reason" IS NOT NULL)),
	CONSTRAINT "ledger_documents_contract_check" CHECK (("ledger_documents"."contract_id" IS NULL) = ("ledger_documents"."contract_period" IS NULL)),
	CONSTRAINT "ledger_documents_recurrence_check" CHECK (("ledger_documents"."recurrence_id" IS NULL) = ("ledger_documents"."recurrence_period" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "ledger_installments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"party_id" uuid NOT NULL,
	"document_number" text,
	"number" integer NOT NULL,
	"count" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"settled" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"barcode" text,
	"pix_code" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_installments_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "ledger_installments_document_number_key" UNIQUE("document_id","number"),
	CONSTRAINT "ledger_installments_amount_check" CHECK (amount > 0 AND amount <= 99999999999),
	CONSTRAINT "ledger_installments_settled_check" CHECK ("ledger_installments"."settled" >= 0 AND "ledger_installments"."settled" <= "ledger_installments"."amount"),
	CONSTRAINT "ledger_installments_number_check" CHECK (count BETWEEN 1 AND 360 AND number BETWEEN 1 AND count),
	CONSTRAINT "ledger_installments_status_check" CHECK ("ledger_installments"."status" = 'cancelled' AND "ledger_installments"."settled" = 0
        OR "ledger_installments"."status" = 'open' AND "ledger_installments"."settled" = 0
        OR "ledger_installments"."status" = 'partial' AND "ledger_installments"."settled" > 0 AND "ledger_installments"."settled" < "ledger_installments"."amount"
        OR "ledger_installments"."status" = 'paid' AND "ledger_installments"."settled" = "ledger_installments"."amount"),
	CONSTRAINT "ledger_installments_barcode_check" CHECK ("ledger_installments"."barcode" ~ '^[0-9]{44}$')
);
--> statement-breakpoint
CREATE TABLE "ledger_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"paid_date" date NOT NULL,
	"account_id" uuid NOT NULL,
	"payment_method_id" uuid,
	"total" bigint NOT NULL,
	"fees" bigint DEFAULT 0 NOT NULL,
	"notes" text,
	"reversal_of" uuid,
	"reversal_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_payments_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "ledger_payments_reversal_of_key" UNIQUE("reversal_of"),
	CONSTRAINT "ledger_payments_reversal_check" CHECK (("ledger_payments"."reversal_of" IS NULL) = ("ledger_payments"."reversal_reason" IS NULL)),
	CONSTRAINT "ledger_payments_total_check" CHECK (abs(total) <= 99999999999 * 1000 AND abs(fees) <= 99999999999)
);
--> statement-breakpoint
CREATE TABLE "ledger_recurrences" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"party_id" uuid NOT NULL,
	"description" text NOT NULL,
	"document_type" text DEFAULT 'outros' NOT NULL,
	"amount" bigint NOT NULL,
	"lines" jsonb NOT NULL,
	"payment_method_id" uuid,
	"account_id" uuid,
	"periodicity" text NOT NULL,
	"due_day" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"generated_until" date,
	"status" text DEFAULT 'active' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_recurrences_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "ledger_recurrences_amount_check" CHECK (amount > 0 AND amount <= 99999999999),
	CONSTRAINT "ledger_recurrences_due_day_check" CHECK ("ledger_recurrences"."due_day" BETWEEN 1 AND 31),
	CONSTRAINT "ledger_recurrences_dates_check" CHECK ("ledger_recurrences"."end_date" IS NULL OR "ledger_recurrences"."end_date" >= "ledger_recurrences"."start_date")
);
--> statement-breakpoint
CREATE TABLE "ledger_settlements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"installment_id" uuid NOT NULL,
	"principal" bigint NOT NULL,
	"interest" bigint DEFAULT 0 NOT NULL,
	"fine" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_settlements_payment_installment_key" UNIQUE("payment_id","installment_id"),
	CONSTRAINT "ledger_settlements_sign_check" CHECK ("ledger_settlements"."principal" > 0 AND "ledger_settlements"."interest" >= 0 AND "ledger_settlements"."fine" >= 0 AND "ledger_settlements"."discount" >= 0
        OR "ledger_settlements"."principal" < 0 AND "ledger_settlements"."interest" <= 0 AND "ledger_settlements"."fine" <= 0 AND "ledger_settlements"."discount" <= 0)
);
--> statement-breakpoint
ALTER TABLE "account_movements" ADD CONSTRAINT "account_movements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_movements" ADD CONSTRAINT "account_movements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_movements" ADD CONSTRAINT "account_movements_organization_id_unit_id_units_organization_id_id_fk" FOREIGN KEY ("organization_id","unit_id") REFERENCES "public"."units"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_movements" ADD CONSTRAINT "account_movements_organization_id_account_id_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."accounts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_movements" ADD CONSTRAINT "account_movements_organization_id_payment_id_ledger_payments_organization_id_id_fk" FOREIGN KEY ("organization_id","payment_id") REFERENCES "public"."ledger_payments"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_attachments" ADD CONSTRAINT "ledger_attachments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_attachments" ADD CONSTRAINT "ledger_attachments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_attachments" ADD CONSTRAINT "ledger_attachments_organization_id_document_id_ledger_documents_organization_id_id_fk" FOREIGN KEY ("organization_id","document_id") REFERENCES "public"."ledger_documents"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_attachments" ADD CONSTRAINT "ledger_attachments_organization_id_payment_id_ledger_payments_organization_id_id_fk" FOREIGN KEY ("organization_id","payment_id") REFERENCES "public"."ledger_payments"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_document_lines" ADD CONSTRAINT "ledger_document_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_document_lines" ADD CONSTRAINT "ledger_document_lines_organization_id_document_id_ledger_documents_organization_id_id_fk" FOREIGN KEY ("organization_id","document_id") REFERENCES "public"."ledger_documents"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_document_lines" ADD CONSTRAINT "ledger_document_lines_organization_id_classification_id_classifications_organization_id_id_fk" FOREIGN KEY ("organization_id","classification_id") REFERENCES "public"."classifications"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_document_lines" ADD CONSTRAINT "ledger_document_lines_organization_id_cost_centre_id_cost_centres_organization_id_id_fk" FOREIGN KEY ("organization_id","cost_centre_id") REFERENCES "public"."cost_centres"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_document_taxes" ADD CONSTRAINT "ledger_document_taxes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_document_taxes" ADD CONSTRAINT "ledger_document_taxes_organization_id_document_id_ledger_documents_organization_id_id_fk" FOREIGN KEY ("organization_id","document_id") REFERENCES "public"."ledger_documents"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_document_taxes" ADD CONSTRAINT "ledger_document_taxes_organization_id_tax_type_id_tax_types_organization_id_id_fk" FOREIGN KEY ("organization_id","tax_type_id") REFERENCES "public"."tax_types"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_document_taxes" ADD CONSTRAINT "ledger_document_taxes_organization_id_tax_document_id_ledger_documents_organization_id_id_fk" FOREIGN KEY ("organization_id","tax_document_id") REFERENCES "public"."ledger_documents"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_documents" ADD CONSTRAINT "ledger_documents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_documents" ADD CONSTRAINT "ledger_documents_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_documents" ADD CONSTRAINT "ledger_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_documents" ADD CONSTRAINT "ledger_documents_organization_id_unit_id_units_organization_id_id_fk" FOREIGN KEY ("organization_id","unit_id") REFERENCES "public"."units"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_documents" ADD CONSTRAINT "ledger_documents_organization_id_party_id_parties_organization_id_id_fk" FOREIGN KEY ("organization_id","party_id") REFERENCES "public"."parties"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_documents" ADD CONSTRAINT "ledger_documents_organization_id_payment_method_id_payment_methods_organization_id_id_fk" FOREIGN KEY ("organization_id","payment_method_id") REFERENCES "public"."payment_methods"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_documents" ADD CONSTRAINT "ledger_documents_organization_id_account_id_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."accounts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_documents" ADD CONSTRAINT "ledger_documents_organization_id_contract_id_contracts_organization_id_id_fk" FOREIGN KEY ("organization_id","contract_id") REFERENCES "public"."contracts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_documents" ADD CONSTRAINT "ledger_documents_organization_id_recurrence_id_ledger_recurrences_organization_id_id_fk" FOREIGN KEY ("organization_id","recurrence_id") REFERENCES "public"."ledger_recurrences"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_documents" ADD CONSTRAINT "ledger_documents_organization_id_tax_of_document_id_ledger_documents_organization_id_id_fk" FOREIGN KEY ("organization_id","tax_of_document_id") REFERENCES "public"."ledger_documents"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_installments" ADD CONSTRAINT "ledger_installments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_installments" ADD CONSTRAINT "ledger_installments_organization_id_document_id_ledger_documents_organization_id_id_fk" FOREIGN KEY ("organization_id","document_id") REFERENCES "public"."ledger_documents"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_installments" ADD CONSTRAINT "ledger_installments_organization_id_unit_id_units_organization_id_id_fk" FOREIGN KEY ("organization_id","unit_id") REFERENCES "public"."units"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_installments" ADD CONSTRAINT "ledger_installments_organization_id_party_id_parties_organization_id_id_fk" FOREIGN KEY ("organization_id","party_id") REFERENCES "public"."parties"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_payments" ADD CONSTRAINT "ledger_payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_payments" ADD CONSTRAINT "ledger_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_payments" ADD CONSTRAINT "ledger_payments_organization_id_unit_id_units_organization_id_id_fk" FOREIGN KEY ("organization_id","unit_id") REFERENCES "public"."units"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_payments" ADD CONSTRAINT "ledger_payments_organization_id_account_id_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."accounts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_payments" ADD CONSTRAINT "ledger_payments_organization_id_payment_method_id_payment_methods_organization_id_id_fk" FOREIGN KEY ("organization_id","payment_method_id") REFERENCES "public"."payment_methods"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_payments" ADD CONSTRAINT "ledger_payments_organization_id_reversal_of_ledger_payments_organization_id_id_fk" FOREIGN KEY ("organization_id","reversal_of") REFERENCES "public"."ledger_payments"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_recurrences" ADD CONSTRAINT "ledger_recurrences_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_recurrences" ADD CONSTRAINT "ledger_recurrences_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_recurrences" ADD CONSTRAINT "ledger_recurrences_organization_id_unit_id_units_organization_id_id_fk" FOREIGN KEY ("organization_id","unit_id") REFERENCES "public"."units"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_recurrences" ADD CONSTRAINT "ledger_recurrences_organization_id_party_id_parties_organization_id_id_fk" FOREIGN KEY ("organization_id","party_id") REFERENCES "public"."parties"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_recurrences" ADD CONSTRAINT "ledger_recurrences_organization_id_payment_method_id_payment_methods_organization_id_id_fk" FOREIGN KEY ("organization_id","payment_method_id") REFERENCES "public"."payment_methods"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_recurrences" ADD CONSTRAINT "ledger_recurrences_organization_id_account_id_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."accounts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_settlements" ADD CONSTRAINT "ledger_settlements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_settlements" ADD CONSTRAINT "ledger_settlements_organization_id_payment_id_ledger_payments_organization_id_id_fk" FOREIGN KEY ("organization_id","payment_id") REFERENCES "public"."ledger_payments"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_settlements" ADD CONSTRAINT "ledger_settlements_organization_id_installment_id_ledger_installments_organization_id_id_fk" FOREIGN KEY ("organization_id","installment_id") REFERENCES "public"."ledger_installments"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_movements_account_date_idx" ON "account_movements" USING btree ("organization_id","account_id","date");--> statement-breakpoint
CREATE INDEX "account_movements_payment_idx" ON "account_movements" USING btree ("organization_id","payment_id") WHERE "account_movements"."payment_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_attachments_document_idx" ON "ledger_attachments" USING btree ("organization_id","document_id");--> statement-breakpoint
CREATE INDEX "ledger_document_lines_classification_idx" ON "ledger_document_lines" USING btree ("organization_id","classification_id","document_id");--> statement-breakpoint
CREATE INDEX "ledger_document_lines_cost_centre_idx" ON "ledger_document_lines" USING btree ("organization_id","cost_centre_id","document_id");--> statement-breakpoint
CREATE INDEX "ledger_document_taxes_tax_type_idx" ON "ledger_document_taxes" USING btree ("organization_id","tax_type_id");--> statement-breakpoint
CREATE INDEX "ledger_documents_org_party_idx" ON "ledger_documents" USING btree ("organization_id","party_id");--> statement-breakpoint
CREATE INDEX "ledger_documents_tax_of_idx" ON "ledger_documents" USING btree ("organization_id","tax_of_document_id") WHERE "ledger_documents"."tax_of_document_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_installments_list_idx" ON "ledger_installments" USING btree ("organization_id","unit_id","kind","due_date","id");--> statement-breakpoint
CREATE INDEX "ledger_installments_status_idx" ON "ledger_installments" USING btree ("organization_id","unit_id","kind","status","due_date");--> statement-breakpoint
CREATE INDEX "ledger_installments_party_idx" ON "ledger_installments" USING btree ("organization_id","party_id","kind","due_date");--> statement-breakpoint
CREATE INDEX "ledger_installments_document_number_idx" ON "ledger_installments" USING btree ("organization_id","document_number") WHERE "ledger_installments"."document_number" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_payments_account_idx" ON "ledger_payments" USING btree ("organization_id","account_id","paid_date");--> statement-breakpoint
CREATE INDEX "ledger_recurrences_org_unit_idx" ON "ledger_recurrences" USING btree ("organization_id","unit_id","kind");--> statement-breakpoint
CREATE INDEX "ledger_settlements_installment_idx" ON "ledger_settlements" USING btree ("organization_id","installment_id");