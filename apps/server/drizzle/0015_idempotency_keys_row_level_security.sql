-- Idempotency keys belong to one person: a request sees and writes only its caller's keys, those of the selected
-- organization and the user-scoped ones (no organization, e.g. creating an organization).
ALTER TABLE idempotency_keys ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON idempotency_keys USING (
  user_id = app_user_id() AND (organization_id IS NULL OR organization_id = app_organization_id())
);
