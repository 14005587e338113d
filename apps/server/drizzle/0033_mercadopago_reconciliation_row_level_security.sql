-- Mercado Pago reconciliation belongs to the organization's accounts, like the reports it reads: a request sees and
-- writes the settings, reconciliations and release bookings of its own organization.
ALTER TABLE mercadopago_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON mercadopago_settings USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE mercadopago_reconciliations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON mercadopago_reconciliations USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE mercadopago_reconciliation_entries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON mercadopago_reconciliation_entries USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE mercadopago_release_bookings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON mercadopago_release_bookings USING (organization_id = app_organization_id());
