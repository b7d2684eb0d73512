CREATE TABLE "held_mail" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "held_mail_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "held_mail" ADD CONSTRAINT "held_mail_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "held_mail_user_idx" ON "held_mail" USING btree ("user_id","id");--> statement-breakpoint
-- Accounts made before verification existed already received our emails: they count
-- as verified (decision 018).
UPDATE "user" SET "email_verified" = true WHERE "email_verified" = false;
--> statement-breakpoint
-- The banner for an unverified address comes from the remembered session user
-- (app/services/session.server.ts): verifying forgets that person's sessions, as a
-- session change does (migration 0007), without emptying visitors' cached pages.
CREATE OR REPLACE FUNCTION carlot_user_sessions_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('carlot_pages', 'session:' || NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_email_verified_changed AFTER UPDATE ON "user"
  FOR EACH ROW WHEN (OLD.email_verified IS DISTINCT FROM NEW.email_verified)
  EXECUTE FUNCTION carlot_user_sessions_changed();
