DROP INDEX "ledger_installments_list_idx";--> statement-breakpoint
CREATE INDEX "ledger_installments_list_idx" ON "ledger_installments" USING btree ("organization_id","unit_id","kind","due_date","id","status","amount","settled","party_id","document_id");--> statement-breakpoint
-- A unit belongs to one organization: without this the planner multiplies the two filters' selectivities, expects
-- a hundredth of a unit's installments and picks nested loops that visit every one of them.
CREATE STATISTICS "ledger_installments_unit_stats" (dependencies) ON "organization_id", "unit_id", "kind" FROM "ledger_installments";
--> statement-breakpoint
-- Likewise a classification and a cost centre belong to one organization: the list's filter by either then expects
-- the documents it really finds, and hashes them instead of looking each one up.
CREATE STATISTICS "ledger_document_lines_classification_stats" (dependencies) ON "organization_id", "classification_id" FROM "ledger_document_lines";
--> statement-breakpoint
CREATE STATISTICS "ledger_document_lines_cost_centre_stats" (dependencies) ON "organization_id", "cost_centre_id" FROM "ledger_document_lines";
