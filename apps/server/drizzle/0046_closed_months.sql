CREATE TABLE "ledger_closed_months" (
	"id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"month" date NOT NULL,
	"closed_by" uuid NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_closed_months_pkey" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "ledger_closed_months_unit_month_key" UNIQUE("organization_id","unit_id","month"),
	CONSTRAINT "ledger_closed_months_first_day_check" CHECK (extract(day from "ledger_closed_months"."month") = 1)
);
--> statement-breakpoint
ALTER TABLE "ledger_closed_months" ADD CONSTRAINT "ledger_closed_months_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_closed_months" ADD CONSTRAINT "ledger_closed_months_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_closed_months" ADD CONSTRAINT "ledger_closed_months_organization_id_unit_id_units_organization_id_id_fk" FOREIGN KEY ("organization_id","unit_id") REFERENCES "public"."units"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Like the ledger's documents, a request working in a unit sees only that unit's closed months (decision 0036).
ALTER TABLE ledger_closed_months ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON ledger_closed_months
  USING (organization_id = app_organization_id() AND app_unit_matches(unit_id));
