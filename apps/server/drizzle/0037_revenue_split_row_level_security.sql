-- Revenue splits belong to one organization, and a run to one unit: like the ledger's documents, a request working
-- in a unit sees only that unit's runs; a run's shares and receipts follow the organization.
ALTER TABLE split_runs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON split_runs
  USING (organization_id = app_organization_id() AND app_unit_matches(unit_id));
--> statement-breakpoint
ALTER TABLE split_run_shares ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON split_run_shares USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE split_run_receipts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON split_run_receipts USING (organization_id = app_organization_id());
