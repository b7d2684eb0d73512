-- Visitors' pages are kept in each app process's page cache. Any committed change to
-- what those pages show announces itself on the channel `carlot_pages`; every process
-- LISTENs and drops its cached pages. PostgreSQL delivers a notification at commit,
-- once per transaction however many rows changed (identical notifications are folded
-- into one), to every listening connection; PGlite delivers it in-process.
-- Row-level triggers: a statement that changes no row announces nothing.
CREATE OR REPLACE FUNCTION carlot_pages_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('carlot_pages', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER listing_pages_changed AFTER INSERT OR UPDATE OR DELETE ON "listing"
  FOR EACH ROW EXECUTE FUNCTION carlot_pages_changed();
--> statement-breakpoint
CREATE TRIGGER listing_photo_pages_changed AFTER INSERT OR UPDATE OR DELETE ON "listing_photo"
  FOR EACH ROW EXECUTE FUNCTION carlot_pages_changed();
--> statement-breakpoint
CREATE TRIGGER category_pages_changed AFTER INSERT OR UPDATE OR DELETE ON "category"
  FOR EACH ROW EXECUTE FUNCTION carlot_pages_changed();
--> statement-breakpoint
CREATE TRIGGER site_setting_pages_changed AFTER INSERT OR UPDATE OR DELETE ON "site_setting"
  FOR EACH ROW EXECUTE FUNCTION carlot_pages_changed();
--> statement-breakpoint
CREATE TRIGGER seller_verification_pages_changed AFTER INSERT OR UPDATE OR DELETE ON "seller_verification"
  FOR EACH ROW EXECUTE FUNCTION carlot_pages_changed();
--> statement-breakpoint
-- A new account shows nowhere until it lists a car; only what public pages print of a
-- person (name, photo, email, role, verified, banned) counts, and removal.
CREATE TRIGGER user_pages_changed AFTER UPDATE ON "user"
  FOR EACH ROW WHEN (
    OLD.name IS DISTINCT FROM NEW.name OR OLD.image IS DISTINCT FROM NEW.image
    OR OLD.email IS DISTINCT FROM NEW.email OR OLD.role IS DISTINCT FROM NEW.role
    OR OLD.verified IS DISTINCT FROM NEW.verified OR OLD.banned IS DISTINCT FROM NEW.banned
  ) EXECUTE FUNCTION carlot_pages_changed();
--> statement-breakpoint
CREATE TRIGGER user_pages_removed AFTER DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION carlot_pages_changed();
