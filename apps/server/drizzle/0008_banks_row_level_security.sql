-- Registries belong to one organization: a request sees and writes only the selected organization's rows.
ALTER TABLE banks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON banks USING (organization_id = app_organization_id());
