-- The finance registries belong to one organization: a request sees and writes only its own rows.
ALTER TABLE parties ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON parties USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE accounts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON accounts USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE classifications ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON classifications USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE cost_centres ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON cost_centres USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE tax_types ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON tax_types USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE payment_methods ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON payment_methods USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE apportionment_templates ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON apportionment_templates USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE split_configs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON split_configs USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE products ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON products USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE contracts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON contracts USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE contract_attachments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON contract_attachments USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE purchasing_centres ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON purchasing_centres USING (organization_id = app_organization_id());
