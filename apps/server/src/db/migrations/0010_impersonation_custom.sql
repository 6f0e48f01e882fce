-- The impersonation audit log is append-only: UPDATE and DELETE are refused.
CREATE OR REPLACE FUNCTION impersonation_audit_immutable() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'impersonation_audit is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER impersonation_audit_no_change
  BEFORE UPDATE OR DELETE ON impersonation_audit
  FOR EACH ROW EXECUTE FUNCTION impersonation_audit_immutable();
