-- The institution answer names, for each member who has not activated the account, until when
-- the newest unused invitation link works (invitationValidUntil): a new, re-sent, used or
-- deleted invitation link changes the answer of each of the person's institutions, so the
-- cache of institution answers (0012) forgets them, in every process.
CREATE OR REPLACE FUNCTION portal_notify_institution_invitation() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_user uuid;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('portal_institution', '*');
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF OLD.kind <> 'INVITATION' THEN RETURN NULL; END IF;
    changed_user := OLD.user_id;
  ELSE
    IF NEW.kind <> 'INVITATION' THEN RETURN NULL; END IF;
    changed_user := NEW.user_id;
  END IF;
  PERFORM pg_notify('portal_institution', r.institution_id::text)
    FROM institution_user_roles r WHERE r.user_id = changed_user;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER account_tokens_notify_institution
  AFTER INSERT OR UPDATE OF used_at, expires_at OR DELETE ON account_tokens
  FOR EACH ROW EXECUTE FUNCTION portal_notify_institution_invitation();
--> statement-breakpoint
CREATE TRIGGER account_tokens_truncate_notify_institution AFTER TRUNCATE ON account_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_institution_invitation();
