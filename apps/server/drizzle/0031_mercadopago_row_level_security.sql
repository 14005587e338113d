-- Mercado Pago's reports belong to an account, which is the organization's: like bank statements, a request sees and
-- writes the report files and their rows of its own organization, whatever unit it works in.
ALTER TABLE mercadopago_report_imports ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON mercadopago_report_imports USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE mercadopago_settlements ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON mercadopago_settlements USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE mercadopago_releases ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON mercadopago_releases USING (organization_id = app_organization_id());
