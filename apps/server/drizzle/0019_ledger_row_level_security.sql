-- The ledger belongs to one organization: a request sees and writes only its own documents, installments, payments,
-- settlements, movements, attachments and recurrences.
ALTER TABLE ledger_recurrences ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON ledger_recurrences USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE ledger_documents ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON ledger_documents USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE ledger_document_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON ledger_document_lines USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE ledger_document_taxes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON ledger_document_taxes USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE ledger_installments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON ledger_installments USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE ledger_payments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON ledger_payments USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE ledger_settlements ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON ledger_settlements USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE account_movements ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON account_movements USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE ledger_attachments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON ledger_attachments USING (organization_id = app_organization_id());
