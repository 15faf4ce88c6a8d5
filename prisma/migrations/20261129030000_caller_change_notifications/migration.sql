-- What the token statement reads (src/domain/auth/tokens.ts) tells, when it changes, the
-- processes that remember callers (src/domain/auth/callerCache.ts): a notification on
-- channel `quire_callers` naming the user concerned, or '*' when anyone may be (a team's
-- grant, a space or collection moved under a granted collection, an organization's SSO).
-- Triggers, so that every writer is heard (services, cascades, the CLI, SQL by hand);
-- PostgreSQL delivers the notifications when the change commits, and not if it rolls back.
-- Writes with triggers disabled (session_replication_role = replica, a restore with
-- --disable-triggers) are not heard: a process then forgets its callers CALLER_CACHE_MS later.

-- The payload: the user named by the column given as the trigger's argument, or '*' (no argument,
-- or a null), then a space and the transaction's id. A process hears a change on several
-- connections (its listener, and its pool's, which listen for its own changes): the id tells
-- one change from another.
CREATE FUNCTION "Callers_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('quire_callers',
      COALESCE(CASE WHEN TG_NARGS > 0 THEN to_jsonb(OLD) ->> TG_ARGV[0] END, '*') || ' ' || pg_current_xact_id());
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('quire_callers',
      COALESCE(CASE WHEN TG_NARGS > 0 THEN to_jsonb(NEW) ->> TG_ARGV[0] END, '*') || ' ' || pg_current_xact_id());
  END IF;
  RETURN NULL;
END $$;

-- A token revoked, rescoped, rebound or deleted (a new token is in no one's memory; its use writes only lastUsedAt).
CREATE TRIGGER "ApiToken_callers" AFTER DELETE OR UPDATE OF "revokedAt", scopes, "organizationId", "tokenHash", "userId"
  ON "ApiToken" FOR EACH ROW EXECUTE FUNCTION "Callers_changed"('userId');
CREATE TRIGGER "User_callers" AFTER DELETE OR UPDATE OF email, "emailVerified"
  ON "User" FOR EACH ROW EXECUTE FUNCTION "Callers_changed"('id');
-- (A member's lastSeenAt is not what a caller is.)
CREATE TRIGGER "Member_callers" AFTER INSERT OR DELETE OR UPDATE OF role, disabled, sso, "organizationId", "userId"
  ON "Member" FOR EACH ROW EXECUTE FUNCTION "Callers_changed"('userId');
CREATE TRIGGER "TeamMember_callers" AFTER INSERT OR DELETE OR UPDATE
  ON "TeamMember" FOR EACH ROW EXECUTE FUNCTION "Callers_changed"('userId');
-- A user's grant names its user; a team's (userId null) concerns anyone.
CREATE TRIGGER "ContentGrant_callers" AFTER INSERT OR DELETE OR UPDATE
  ON "ContentGrant" FOR EACH ROW EXECUTE FUNCTION "Callers_changed"('userId');
CREATE TRIGGER "Organization_callers" AFTER UPDATE OF sso ON "Organization"
  FOR EACH ROW WHEN (OLD.sso IS DISTINCT FROM NEW.sso) EXECUTE FUNCTION "Callers_changed"();
-- A grant on a collection spreads to what is nested in it.
CREATE TRIGGER "Space_callers_insert" AFTER INSERT ON "Space"
  FOR EACH ROW WHEN (NEW."parentId" IS NOT NULL) EXECUTE FUNCTION "Callers_changed"();
CREATE TRIGGER "Space_callers_move" AFTER UPDATE OF "parentId" ON "Space"
  FOR EACH ROW WHEN (OLD."parentId" IS DISTINCT FROM NEW."parentId") EXECUTE FUNCTION "Callers_changed"();
CREATE TRIGGER "Collection_callers_insert" AFTER INSERT ON "Collection"
  FOR EACH ROW WHEN (NEW."parentId" IS NOT NULL) EXECUTE FUNCTION "Callers_changed"();
CREATE TRIGGER "Collection_callers_move" AFTER UPDATE OF "parentId" ON "Collection"
  FOR EACH ROW WHEN (OLD."parentId" IS DISTINCT FROM NEW."parentId") EXECUTE FUNCTION "Callers_changed"();

-- TRUNCATE fires no row trigger: it concerns anyone.
CREATE FUNCTION "Callers_all_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('quire_callers', '* ' || pg_current_xact_id());
  RETURN NULL;
END $$;
CREATE TRIGGER "ApiToken_callers_truncate" AFTER TRUNCATE ON "ApiToken" FOR EACH STATEMENT EXECUTE FUNCTION "Callers_all_changed"();
CREATE TRIGGER "User_callers_truncate" AFTER TRUNCATE ON "User" FOR EACH STATEMENT EXECUTE FUNCTION "Callers_all_changed"();
CREATE TRIGGER "Member_callers_truncate" AFTER TRUNCATE ON "Member" FOR EACH STATEMENT EXECUTE FUNCTION "Callers_all_changed"();
CREATE TRIGGER "TeamMember_callers_truncate" AFTER TRUNCATE ON "TeamMember" FOR EACH STATEMENT EXECUTE FUNCTION "Callers_all_changed"();
CREATE TRIGGER "ContentGrant_callers_truncate" AFTER TRUNCATE ON "ContentGrant" FOR EACH STATEMENT EXECUTE FUNCTION "Callers_all_changed"();
CREATE TRIGGER "Organization_callers_truncate" AFTER TRUNCATE ON "Organization" FOR EACH STATEMENT EXECUTE FUNCTION "Callers_all_changed"();
CREATE TRIGGER "Space_callers_truncate" AFTER TRUNCATE ON "Space" FOR EACH STATEMENT EXECUTE FUNCTION "Callers_all_changed"();
CREATE TRIGGER "Collection_callers_truncate" AFTER TRUNCATE ON "Collection" FOR EACH STATEMENT EXECUTE FUNCTION "Callers_all_changed"();
