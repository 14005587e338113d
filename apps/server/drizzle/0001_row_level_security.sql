-- Row-level security for tenant tables. Requests run as the non-owner role financeiro_app inside a transaction
-- that sets app.organization_id (the selected organization) or, for user-scoped reads, only app.user_id.
-- With an organization set, only that organization's rows are visible and writable. With none set, a user sees
-- the organizations they are a member of (to list their tenants) and nothing else.
CREATE FUNCTION app_organization_id() RETURNS uuid LANGUAGE sql STABLE AS
$$ SELECT nullif(current_setting('app.organization_id', true), '')::uuid $$;
--> statement-breakpoint
CREATE FUNCTION app_user_id() RETURNS uuid LANGUAGE sql STABLE AS
$$ SELECT nullif(current_setting('app.user_id', true), '')::uuid $$;
--> statement-breakpoint
CREATE FUNCTION app_can_see_organization(org uuid) RETURNS boolean LANGUAGE sql STABLE AS
$$ SELECT CASE
     WHEN app_organization_id() IS NOT NULL THEN org = app_organization_id()
     ELSE EXISTS (SELECT 1 FROM memberships m WHERE m.organization_id = org AND m.user_id = app_user_id())
   END $$;
--> statement-breakpoint
ALTER TABLE memberships ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON memberships USING (
  CASE WHEN app_organization_id() IS NOT NULL THEN organization_id = app_organization_id()
       ELSE user_id = app_user_id() END
);
--> statement-breakpoint
ALTER TABLE organizations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON organizations USING (app_can_see_organization(id));
--> statement-breakpoint
ALTER TABLE units ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON units USING (app_can_see_organization(organization_id));
--> statement-breakpoint
ALTER TABLE departments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON departments USING (app_can_see_organization(organization_id));
--> statement-breakpoint
ALTER TABLE profiles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON profiles USING (app_can_see_organization(organization_id));
--> statement-breakpoint
ALTER TABLE last_access ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON last_access USING (organization_id = app_organization_id());
--> statement-breakpoint
ALTER TABLE event_log ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON event_log USING (organization_id = app_organization_id());
