-- Visitors' pages are kept in each app process's page cache. Any committed change to
-- what those pages show announces itself on the channel `carlot_pages`; every process
-- LISTENs and drops its cached pages. PostgreSQL delivers the notification at commit,
-- once per transaction, to every listening connection (PGlite: in-process).
CREATE OR REPLACE FUNCTION carlot_pages_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('carlot_pages', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER listing_pages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "listing"
  FOR EACH STATEMENT EXECUTE FUNCTION carlot_pages_changed();
--> statement-breakpoint
CREATE TRIGGER listing_photo_pages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "listing_photo"
  FOR EACH STATEMENT EXECUTE FUNCTION carlot_pages_changed();
--> statement-breakpoint
CREATE TRIGGER user_pages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION carlot_pages_changed();
--> statement-breakpoint
CREATE TRIGGER category_pages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "category"
  FOR EACH STATEMENT EXECUTE FUNCTION carlot_pages_changed();
--> statement-breakpoint
CREATE TRIGGER site_setting_pages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_setting"
  FOR EACH STATEMENT EXECUTE FUNCTION carlot_pages_changed();
--> statement-breakpoint
CREATE TRIGGER seller_verification_pages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "seller_verification"
  FOR EACH STATEMENT EXECUTE FUNCTION carlot_pages_changed();
