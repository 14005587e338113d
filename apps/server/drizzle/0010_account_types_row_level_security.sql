ALTER TABLE account_types ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON account_types USING (organization_id = app_organization_id());
