-- The event log only grows. The application role is granted INSERT and SELECT on it only (see grantAppRole), and
-- this trigger refuses UPDATE and DELETE from every role, the owner included, so no code path can rewrite history.
CREATE FUNCTION event_log_append_only() RETURNS trigger LANGUAGE plpgsql AS
$$ BEGIN RAISE EXCEPTION 'event_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege'; END $$;
--> statement-breakpoint
CREATE TRIGGER event_log_append_only BEFORE UPDATE OR DELETE ON event_log
  FOR EACH ROW EXECUTE FUNCTION event_log_append_only();
--> statement-breakpoint
-- Whether a user has a membership in an organization other than the given one. Row-level security hides other
-- organizations from a request, so this runs as the owner and answers only yes or no.
CREATE FUNCTION user_belongs_elsewhere(target_user uuid, organization uuid) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS
$$ SELECT EXISTS (SELECT 1 FROM memberships WHERE user_id = target_user AND organization_id <> organization) $$;
