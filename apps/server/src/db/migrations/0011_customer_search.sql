-- Trigram matching for the customer search by name (a trusted extension since PostgreSQL 13:
-- the database owner may create it; Debian's postgresql package ships it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "institutions_name_search_idx" ON "institutions" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "institutions_postalcode_search_idx" ON "institutions" USING btree ("postalcode" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "institutions_city_search_idx" ON "institutions" USING btree (lower("city") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "relationships_reference_search_idx" ON "relationships" USING btree ("contractor_id",lower("reference_number") text_pattern_ops);