DROP INDEX "institutions_name_search_idx";--> statement-breakpoint
DROP INDEX "institutions_city_search_idx";--> statement-breakpoint
CREATE INDEX "institutions_name_search_idx" ON "institutions" USING gin (portal_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "institutions_city_search_idx" ON "institutions" USING btree (portal_fold("city") text_pattern_ops);