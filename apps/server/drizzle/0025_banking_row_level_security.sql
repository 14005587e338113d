-- Bank statements belong to an account, which is the organization's: like payments and movements, a request sees
-- and writes the statements, links, rules and CSV layouts of its own organization, whatever unit it works in.
ALTER TABLE bank_statement_imports ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON bank_statement_imports USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE bank_statement_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON bank_statement_lines USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE bank_reconciliation_links ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON bank_reconciliation_links USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE bank_reconciliation_rules ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON bank_reconciliation_rules USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE bank_csv_mappings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON bank_csv_mappings USING (organization_id = app_organization_id());
