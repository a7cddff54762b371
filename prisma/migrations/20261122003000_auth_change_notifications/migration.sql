-- Servers cache who a token belongs to and their memberships. Any change to tokens,
-- memberships or users notifies them (on commit, whichever process wrote it), and
-- they drop what they cached: a revoked token or a removed member is refused at once.
CREATE FUNCTION "docstack_notify_auth_change"() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('docstack_auth', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "ApiToken_auth_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ApiToken"
  FOR EACH STATEMENT EXECUTE FUNCTION "docstack_notify_auth_change"();
CREATE TRIGGER "Member_auth_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Member"
  FOR EACH STATEMENT EXECUTE FUNCTION "docstack_notify_auth_change"();
CREATE TRIGGER "User_auth_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "User"
  FOR EACH STATEMENT EXECUTE FUNCTION "docstack_notify_auth_change"();
