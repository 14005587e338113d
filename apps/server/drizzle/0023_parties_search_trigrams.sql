-- Trigrams for the search box's LIKE '%…%'. pg_trgm is a trusted extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "parties_search_text_trgm_idx" ON "parties" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- Row-level security keeps an operator that is not leakproof, as LIKE, out of index conditions (it could see another
-- organization's rows before the policy does), so a search as the application role would read every party. This
-- function reads the index as its owner, past row security, for the organization of the transaction's own setting
-- (never one its caller names): the ids of that organization's parties whose folded text is like the pattern.
CREATE FUNCTION app_parties_matching(pattern text) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS
$$ SELECT id FROM parties WHERE organization_id = app_organization_id() AND search_text LIKE pattern $$;
