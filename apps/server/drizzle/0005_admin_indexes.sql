CREATE INDEX "event_log_org_actor_time_idx" ON "event_log" USING btree ("organization_id","actor_user_id","created_at");--> statement-breakpoint
CREATE INDEX "event_log_org_action_time_idx" ON "event_log" USING btree ("organization_id","action","created_at");--> statement-breakpoint
CREATE INDEX "memberships_org_profile_idx" ON "memberships" USING btree ("organization_id","profile_id");