CREATE TABLE "report_monthly_flows" (
	"organization_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"basis" text NOT NULL,
	"month" date NOT NULL,
	"classification_id" uuid,
	"cost_centre_id" uuid,
	"amount" bigint NOT NULL,
	"entries" bigint NOT NULL,
	CONSTRAINT "report_monthly_flows_key" UNIQUE NULLS NOT DISTINCT("organization_id","unit_id","kind","basis","month","classification_id","cost_centre_id"),
	CONSTRAINT "report_monthly_flows_basis_check" CHECK ("report_monthly_flows"."basis" IN ('cash', 'accrual')),
	CONSTRAINT "report_monthly_flows_month_check" CHECK (extract(day FROM "report_monthly_flows"."month") = 1)
);
--> statement-breakpoint
ALTER TABLE "report_monthly_flows" ADD CONSTRAINT "report_monthly_flows_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_monthly_flows" ADD CONSTRAINT "report_monthly_flows_organization_id_unit_id_units_organization_id_id_fk" FOREIGN KEY ("organization_id","unit_id") REFERENCES "public"."units"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_monthly_flows" ADD CONSTRAINT "report_monthly_flows_organization_id_classification_id_classifications_organization_id_id_fk" FOREIGN KEY ("organization_id","classification_id") REFERENCES "public"."classifications"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_monthly_flows" ADD CONSTRAINT "report_monthly_flows_organization_id_cost_centre_id_cost_centres_organization_id_id_fk" FOREIGN KEY ("organization_id","cost_centre_id") REFERENCES "public"."cost_centres"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_monthly_flows_read_idx" ON "report_monthly_flows" USING btree ("organization_id","basis","month");