-- An account's Mercado Pago access token is the organization's, like the account: a request sees and writes the
-- credentials of its own organization only.
ALTER TABLE mercadopago_credentials ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON mercadopago_credentials USING (organization_id = app_organization_id());
