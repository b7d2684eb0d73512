-- Each app process keeps the sessions it has checked in memory for a short while
-- (app/services/session.server.ts) and must forget one as soon as it ends anywhere:
-- signed out, revoked by a password reset or a ban, extended, or removed with its
-- account. The announcement rides on `carlot_pages` (one LISTEN per process) with the
-- payload `session:<user id>`, so that only that person's sessions are forgotten and
-- visitors' cached pages stay. New sessions need no announcement: nothing knows them yet.
CREATE OR REPLACE FUNCTION carlot_session_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('carlot_pages', 'session:' || OLD.user_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER session_changed AFTER UPDATE OR DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION carlot_session_changed();
