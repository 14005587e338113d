-- Purchase orders are the organization's: a request sees and writes the orders, items and timeline of its own
-- organization only. Which department's orders a requester sees is decided by the API (decision 0006).
ALTER TABLE purchase_orders ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON purchase_orders USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE purchase_order_items ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON purchase_order_items USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE purchase_order_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON purchase_order_events USING (organization_id = app_organization_id());
