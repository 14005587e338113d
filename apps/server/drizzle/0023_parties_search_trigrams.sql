-- Trigrams for the search box's LIKE '%…%'. pg_trgm is a trusted extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "parties_search_text_trgm_idx" ON "parties" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);