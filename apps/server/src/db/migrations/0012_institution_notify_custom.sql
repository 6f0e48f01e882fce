-- The in-memory cache of institution answers (modules/institution/service.ts, GET
-- /api/institution/{id}: the institution, its members and support contacts) forgets an
-- institution the moment anything in its answer changes, in every process: each change NOTIFYs
-- portal_institution with the institution id ('*' after a TRUNCATE).
CREATE OR REPLACE FUNCTION portal_notify_institution() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('portal_institution', '*');
  ELSIF TG_TABLE_NAME = 'institutions' THEN
    PERFORM pg_notify('portal_institution', OLD.id::text);
  ELSIF TG_TABLE_NAME = 'users' THEN
    -- A member's name, e-mail, title, form of address or activation: each of their institutions.
    PERFORM pg_notify('portal_institution', r.institution_id::text)
      FROM institution_user_roles r WHERE r.user_id = OLD.id;
  ELSE
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('portal_institution', OLD.institution_id::text); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('portal_institution', NEW.institution_id::text); END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER institutions_notify_institution AFTER UPDATE OR DELETE ON institutions
  FOR EACH ROW EXECUTE FUNCTION portal_notify_institution();
--> statement-breakpoint
CREATE TRIGGER users_notify_institution
  AFTER UPDATE OF email, first_name, last_name, title, form_of_address, has_account_activated, date_time_created
  OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION portal_notify_institution();
--> statement-breakpoint
CREATE TRIGGER institution_user_roles_notify_institution
  AFTER INSERT OR UPDATE OR DELETE ON institution_user_roles
  FOR EACH ROW EXECUTE FUNCTION portal_notify_institution();
--> statement-breakpoint
CREATE TRIGGER support_contacts_notify_institution
  AFTER INSERT OR UPDATE OR DELETE ON support_contacts
  FOR EACH ROW EXECUTE FUNCTION portal_notify_institution();
--> statement-breakpoint
CREATE TRIGGER institutions_truncate_notify_institution AFTER TRUNCATE ON institutions
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_institution();
--> statement-breakpoint
CREATE TRIGGER users_truncate_notify_institution AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_institution();
--> statement-breakpoint
CREATE TRIGGER institution_user_roles_truncate_notify_institution AFTER TRUNCATE ON institution_user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_institution();
--> statement-breakpoint
CREATE TRIGGER support_contacts_truncate_notify_institution AFTER TRUNCATE ON support_contacts
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_institution();
