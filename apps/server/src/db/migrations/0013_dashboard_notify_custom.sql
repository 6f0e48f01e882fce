-- The in-memory caches of dashboard answers (modules/tiles/routes.ts: GET
-- /api/institution/{id}/tiles and /trusted) forget every institution the moment anything they
-- are made of changes, in every process: each statement on these tables NOTIFYs
-- portal_dashboard with '*'. They change rarely (an admin edits a tile, a contract is signed),
-- so forgetting all is exact and costs nothing worth counting.
CREATE OR REPLACE FUNCTION portal_notify_dashboard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_dashboard', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tile_definitions_notify_dashboard AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tile_definitions
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_dashboard();
--> statement-breakpoint
CREATE TRIGGER tile_groups_notify_dashboard AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tile_groups
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_dashboard();
--> statement-breakpoint
CREATE TRIGGER business_case_types_notify_dashboard AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON business_case_types
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_dashboard();
--> statement-breakpoint
CREATE TRIGGER business_cases_notify_dashboard AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON business_cases
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_dashboard();
--> statement-breakpoint
CREATE TRIGGER relationships_notify_dashboard AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON relationships
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_dashboard();
--> statement-breakpoint
CREATE TRIGGER institutions_notify_dashboard AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON institutions
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_dashboard();
--> statement-breakpoint
CREATE TRIGGER institution_logos_notify_dashboard AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON institution_logos
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_dashboard();
