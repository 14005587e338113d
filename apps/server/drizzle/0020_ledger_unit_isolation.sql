-- A unit's documents, installments and recurrences are seen only from that unit when a request works in one (a
-- unit-scoped screen); organization-wide requests (reports) see every unit's. Accounts may serve several units, so
-- payments and movements stay visible to the whole organization: an account's balance is all of its movements.
CREATE FUNCTION app_unit_matches(unit uuid) RETURNS boolean LANGUAGE sql STABLE AS
$$ SELECT coalesce(nullif(current_setting('app.unit_id', true), ''), unit::text) = unit::text $$;
--> statement-breakpoint
DROP POLICY tenant_isolation ON ledger_documents;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON ledger_documents
  USING (organization_id = app_organization_id() AND app_unit_matches(unit_id));
--> statement-breakpoint
DROP POLICY tenant_isolation ON ledger_installments;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON ledger_installments
  USING (organization_id = app_organization_id() AND app_unit_matches(unit_id));
--> statement-breakpoint
DROP POLICY tenant_isolation ON ledger_recurrences;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON ledger_recurrences
  USING (organization_id = app_organization_id() AND app_unit_matches(unit_id));
