-- A purchase order's files are the organization's: a request sees and writes the files of its own organization's
-- orders only. Which orders' files a requester sees is decided by the API (decision 0006).
ALTER TABLE purchase_order_attachments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON purchase_order_attachments USING (organization_id = app_organization_id());
