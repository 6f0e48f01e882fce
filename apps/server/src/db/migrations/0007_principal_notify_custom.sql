-- The in-memory principal cache (plugins/principals.ts) forgets a user the moment their row,
-- their institution roles or the trusted flag of one of their institutions changes, in every
-- process: each change NOTIFYs portal_principal with the user id ('*' for institutions).
CREATE OR REPLACE FUNCTION portal_notify_principal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' OR TG_TABLE_NAME = 'institutions' THEN
    PERFORM pg_notify('portal_principal', '*');
  ELSIF TG_TABLE_NAME = 'users' THEN
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('portal_principal', OLD.id::text); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('portal_principal', NEW.id::text); END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('portal_principal', OLD.user_id::text); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('portal_principal', NEW.user_id::text); END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_notify_principal AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION portal_notify_principal();
--> statement-breakpoint
CREATE TRIGGER institution_user_roles_notify_principal
  AFTER INSERT OR UPDATE OR DELETE ON institution_user_roles
  FOR EACH ROW EXECUTE FUNCTION portal_notify_principal();
--> statement-breakpoint
CREATE TRIGGER institutions_notify_principal AFTER UPDATE OF trusted OR DELETE ON institutions
  FOR EACH ROW EXECUTE FUNCTION portal_notify_principal();
--> statement-breakpoint
CREATE TRIGGER users_truncate_notify_principal AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_principal();
--> statement-breakpoint
CREATE TRIGGER institution_user_roles_truncate_notify_principal AFTER TRUNCATE ON institution_user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_principal();
