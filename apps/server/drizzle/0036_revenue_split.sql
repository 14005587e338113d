ALTER TABLE "ledger_settlements" ADD CONSTRAINT "ledger_settlements_org_id_key" UNIQUE("organization_id","id");--> statement-breakpoint
ALTER TABLE "split_configs" ADD CONSTRAINT "split_configs_org_id_key" UNIQUE("organization_id","id");--> statement-breakpoint
CREATE TABLE "split_run_receipts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"settlement_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "split_run_receipts_run_settlement_key" UNIQUE("run_id","settlement_id"),
	CONSTRAINT "split_run_receipts_amount_check" CHECK ("split_run_receipts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "split_run_shares" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"party_id" uuid NOT NULL,
	"share" integer NOT NULL,
	"amount" bigint NOT NULL,
	"payable_id" uuid,
	CONSTRAINT "split_run_shares_run_party_key" UNIQUE("run_id","party_id"),
	CONSTRAINT "split_run_shares_payable_key" UNIQUE("organization_id","payable_id"),
	CONSTRAINT "split_run_shares_share_check" CHECK ("split_run_shares"."share" BETWEEN 0 AND 10000),
	CONSTRAINT "split_run_shares_amount_check" CHECK ("split_run_shares"."amount" >= 0 AND ("split_run_shares"."amount" = 0) = ("split_run_shares"."payable_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "split_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"config_id" uuid NOT NULL,
	"config_name" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"base" bigint NOT NULL,
	"retained" bigint NOT NULL,
	"due_date" date NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp with time zone,
	"reversed_by" uuid,
	"reverse_reason" text,
	CONSTRAINT "split_runs_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "split_runs_period_check" CHECK ("split_runs"."period_end" >= "split_runs"."period_start"),
	CONSTRAINT "split_runs_amounts_check" CHECK (base > 0 AND base <= 99999999999 * 1000 AND retained >= 0 AND retained <= base),
	CONSTRAINT "split_runs_reversed_check" CHECK (("split_runs"."reversed_at" IS NULL) = ("split_runs"."reverse_reason" IS NULL) AND ("split_runs"."reversed_at" IS NULL) = ("split_runs"."reversed_by" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "split_configs" ADD COLUMN "coverage" text;--> statement-breakpoint
ALTER TABLE "split_configs" ADD COLUMN "classification_id" uuid;--> statement-breakpoint
ALTER TABLE "split_configs" ADD COLUMN "product_id" uuid;--> statement-breakpoint
ALTER TABLE "split_configs" ADD COLUMN "contract_id" uuid;--> statement-breakpoint
ALTER TABLE "split_configs" ADD COLUMN "covered_party_id" uuid;--> statement-breakpoint
ALTER TABLE "split_run_receipts" ADD CONSTRAINT "split_run_receipts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_run_receipts" ADD CONSTRAINT "split_run_receipts_organization_id_run_id_split_runs_organization_id_id_fk" FOREIGN KEY ("organization_id","run_id") REFERENCES "public"."split_runs"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_run_receipts" ADD CONSTRAINT "split_run_receipts_organization_id_settlement_id_ledger_settlements_organization_id_id_fk" FOREIGN KEY ("organization_id","settlement_id") REFERENCES "public"."ledger_settlements"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_run_receipts" ADD CONSTRAINT "split_run_receipts_organization_id_document_id_ledger_documents_organization_id_id_fk" FOREIGN KEY ("organization_id","document_id") REFERENCES "public"."ledger_documents"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_run_shares" ADD CONSTRAINT "split_run_shares_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_run_shares" ADD CONSTRAINT "split_run_shares_organization_id_run_id_split_runs_organization_id_id_fk" FOREIGN KEY ("organization_id","run_id") REFERENCES "public"."split_runs"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_run_shares" ADD CONSTRAINT "split_run_shares_organization_id_party_id_parties_organization_id_id_fk" FOREIGN KEY ("organization_id","party_id") REFERENCES "public"."parties"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_run_shares" ADD CONSTRAINT "split_run_shares_organization_id_payable_id_ledger_documents_organization_id_id_fk" FOREIGN KEY ("organization_id","payable_id") REFERENCES "public"."ledger_documents"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_runs" ADD CONSTRAINT "split_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_runs" ADD CONSTRAINT "split_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_runs" ADD CONSTRAINT "split_runs_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_runs" ADD CONSTRAINT "split_runs_organization_id_unit_id_units_organization_id_id_fk" FOREIGN KEY ("organization_id","unit_id") REFERENCES "public"."units"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_runs" ADD CONSTRAINT "split_runs_organization_id_config_id_split_configs_organization_id_id_fk" FOREIGN KEY ("organization_id","config_id") REFERENCES "public"."split_configs"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "split_run_receipts_settlement_idx" ON "split_run_receipts" USING btree ("organization_id","settlement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "split_runs_live_period_key" ON "split_runs" USING btree ("organization_id","unit_id","config_id","period_start","period_end") WHERE "split_runs"."reversed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "split_runs_org_unit_idx" ON "split_runs" USING btree ("organization_id","unit_id","created_at");--> statement-breakpoint
ALTER TABLE "split_configs" ADD CONSTRAINT "split_configs_organization_id_classification_id_classifications_organization_id_id_fk" FOREIGN KEY ("organization_id","classification_id") REFERENCES "public"."classifications"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_configs" ADD CONSTRAINT "split_configs_organization_id_product_id_products_organization_id_id_fk" FOREIGN KEY ("organization_id","product_id") REFERENCES "public"."products"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_configs" ADD CONSTRAINT "split_configs_organization_id_contract_id_contracts_organization_id_id_fk" FOREIGN KEY ("organization_id","contract_id") REFERENCES "public"."contracts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_configs" ADD CONSTRAINT "split_configs_organization_id_covered_party_id_parties_organization_id_id_fk" FOREIGN KEY ("organization_id","covered_party_id") REFERENCES "public"."parties"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_configs" ADD CONSTRAINT "split_configs_coverage_check" CHECK ("split_configs"."coverage" IS NULL AND num_nonnulls("split_configs"."classification_id", "split_configs"."product_id", "split_configs"."contract_id", "split_configs"."covered_party_id") = 0
        OR "split_configs"."coverage" = 'classification' AND "split_configs"."classification_id" IS NOT NULL AND num_nonnulls("split_configs"."product_id", "split_configs"."contract_id", "split_configs"."covered_party_id") = 0
        OR "split_configs"."coverage" = 'product' AND "split_configs"."product_id" IS NOT NULL AND num_nonnulls("split_configs"."classification_id", "split_configs"."contract_id", "split_configs"."covered_party_id") = 0
        OR "split_configs"."coverage" = 'contract' AND "split_configs"."contract_id" IS NOT NULL AND num_nonnulls("split_configs"."classification_id", "split_configs"."product_id", "split_configs"."covered_party_id") = 0
        OR "split_configs"."coverage" = 'party' AND "split_configs"."covered_party_id" IS NOT NULL AND num_nonnulls("split_configs"."classification_id", "split_configs"."product_id", "split_configs"."contract_id") = 0);