CREATE TABLE "bank_csv_mappings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"bank_id" uuid NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_csv_mappings_bank_key" UNIQUE("organization_id","bank_id")
);
--> statement-breakpoint
CREATE TABLE "bank_reconciliation_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"movement_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"origin" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" uuid,
	CONSTRAINT "bank_reconciliation_links_amount_check" CHECK (amount > 0 AND amount <= 99999999999),
	CONSTRAINT "bank_reconciliation_links_undone_check" CHECK ("bank_reconciliation_links"."undone_by" IS NULL OR "bank_reconciliation_links"."undone_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "bank_reconciliation_rules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"account_id" uuid,
	"memo_contains" text NOT NULL,
	"direction" text,
	"min_amount" bigint,
	"max_amount" bigint,
	"classification_id" uuid NOT NULL,
	"cost_centre_id" uuid,
	"description" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"priority" integer DEFAULT 100 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "bank_reconciliation_rules_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "bank_reconciliation_rules_amounts_check" CHECK (("bank_reconciliation_rules"."min_amount" IS NULL OR "bank_reconciliation_rules"."min_amount" > 0) AND ("bank_reconciliation_rules"."max_amount" IS NULL OR "bank_reconciliation_rules"."max_amount" > 0)
        AND ("bank_reconciliation_rules"."min_amount" IS NULL OR "bank_reconciliation_rules"."max_amount" IS NULL OR "bank_reconciliation_rules"."min_amount" <= "bank_reconciliation_rules"."max_amount")),
	CONSTRAINT "bank_reconciliation_rules_memo_check" CHECK (char_length("bank_reconciliation_rules"."memo_contains") BETWEEN 1 AND 200)
);
--> statement-breakpoint
CREATE TABLE "bank_statement_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"sha256" text NOT NULL,
	"period_start" date,
	"period_end" date,
	"line_count" integer NOT NULL,
	"new_count" integer NOT NULL,
	"duplicate_count" integer NOT NULL,
	"rejected_count" integer NOT NULL,
	"closing_balance" bigint,
	"closing_balance_date" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statement_imports_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "bank_statement_imports_counts_check" CHECK ("bank_statement_imports"."new_count" >= 0 AND "bank_statement_imports"."duplicate_count" >= 0 AND "bank_statement_imports"."rejected_count" >= 0
        AND "bank_statement_imports"."new_count" + "bank_statement_imports"."duplicate_count" = "bank_statement_imports"."line_count"),
	CONSTRAINT "bank_statement_imports_closing_check" CHECK (("bank_statement_imports"."closing_balance" IS NULL) = ("bank_statement_imports"."closing_balance_date" IS NULL)),
	CONSTRAINT "bank_statement_imports_sha256_check" CHECK ("bank_statement_imports"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"date" date NOT NULL,
	"amount" bigint NOT NULL,
	"memo" text NOT NULL,
	"fit_id" text,
	"reference" text,
	"type" text,
	"line_key" text NOT NULL,
	"reconciled" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statement_lines_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "bank_statement_lines_line_key" UNIQUE("organization_id","account_id","line_key"),
	CONSTRAINT "bank_statement_lines_amount_check" CHECK (amount <> 0 AND abs(amount) <= 99999999999),
	CONSTRAINT "bank_statement_lines_reconciled_check" CHECK ("bank_statement_lines"."reconciled" >= 0 AND "bank_statement_lines"."reconciled" <= abs("bank_statement_lines"."amount")),
	CONSTRAINT "bank_statement_lines_status_check" CHECK ("bank_statement_lines"."status" = 'open' AND "bank_statement_lines"."reconciled" = 0
        OR "bank_statement_lines"."status" = 'partial' AND "bank_statement_lines"."reconciled" > 0 AND "bank_statement_lines"."reconciled" < abs("bank_statement_lines"."amount")
        OR "bank_statement_lines"."status" = 'reconciled' AND "bank_statement_lines"."reconciled" = abs("bank_statement_lines"."amount")),
	CONSTRAINT "bank_statement_lines_memo_check" CHECK (char_length("bank_statement_lines"."memo") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "bank_csv_mappings" ADD CONSTRAINT "bank_csv_mappings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_csv_mappings" ADD CONSTRAINT "bank_csv_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_csv_mappings" ADD CONSTRAINT "bank_csv_mappings_organization_id_bank_id_banks_organization_id_id_fk" FOREIGN KEY ("organization_id","bank_id") REFERENCES "public"."banks"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliation_links" ADD CONSTRAINT "bank_reconciliation_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliation_links" ADD CONSTRAINT "bank_reconciliation_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliation_links" ADD CONSTRAINT "bank_reconciliation_links_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliation_links" ADD CONSTRAINT "bank_reconciliation_links_organization_id_account_id_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."accounts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliation_links" ADD CONSTRAINT "bank_reconciliation_links_organization_id_line_id_bank_statement_lines_organization_id_id_fk" FOREIGN KEY ("organization_id","line_id") REFERENCES "public"."bank_statement_lines"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliation_links" ADD CONSTRAINT "bank_reconciliation_links_organization_id_movement_id_account_movements_organization_id_id_fk" FOREIGN KEY ("organization_id","movement_id") REFERENCES "public"."account_movements"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliation_rules" ADD CONSTRAINT "bank_reconciliation_rules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliation_rules" ADD CONSTRAINT "bank_reconciliation_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliation_rules" ADD CONSTRAINT "bank_reconciliation_rules_organization_id_account_id_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."accounts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliation_rules" ADD CONSTRAINT "bank_reconciliation_rules_organization_id_classification_id_classifications_organization_id_id_fk" FOREIGN KEY ("organization_id","classification_id") REFERENCES "public"."classifications"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliation_rules" ADD CONSTRAINT "bank_reconciliation_rules_organization_id_cost_centre_id_cost_centres_organization_id_id_fk" FOREIGN KEY ("organization_id","cost_centre_id") REFERENCES "public"."cost_centres"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD CONSTRAINT "bank_statement_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD CONSTRAINT "bank_statement_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD CONSTRAINT "bank_statement_imports_organization_id_account_id_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."accounts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_organization_id_account_id_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."accounts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_organization_id_import_id_bank_statement_imports_organization_id_id_fk" FOREIGN KEY ("organization_id","import_id") REFERENCES "public"."bank_statement_imports"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_reconciliation_links_group_idx" ON "bank_reconciliation_links" USING btree ("organization_id","group_id");--> statement-breakpoint
CREATE INDEX "bank_reconciliation_links_line_idx" ON "bank_reconciliation_links" USING btree ("organization_id","line_id") WHERE "bank_reconciliation_links"."undone_at" IS NULL;--> statement-breakpoint
CREATE INDEX "bank_reconciliation_links_movement_idx" ON "bank_reconciliation_links" USING btree ("organization_id","movement_id","amount") WHERE "bank_reconciliation_links"."undone_at" IS NULL;--> statement-breakpoint
CREATE INDEX "bank_reconciliation_rules_org_idx" ON "bank_reconciliation_rules" USING btree ("organization_id","priority");--> statement-breakpoint
CREATE INDEX "bank_statement_imports_account_idx" ON "bank_statement_imports" USING btree ("organization_id","account_id","created_at");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_status_idx" ON "bank_statement_lines" USING btree ("organization_id","account_id","status","date");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_date_idx" ON "bank_statement_lines" USING btree ("organization_id","account_id","date");