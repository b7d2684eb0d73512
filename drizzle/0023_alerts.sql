CREATE TABLE "alert" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"saved_search_id" integer,
	"event_id" bigint NOT NULL,
	"listing_id" integer,
	"kind" text NOT NULL,
	"old_price" integer,
	"new_price" integer,
	"title" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "alert_kind" CHECK ("alert"."kind" in ('match', 'price', 'sold', 'available', 'removed'))
);
--> statement-breakpoint
CREATE TABLE "listing_event" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listing_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"listing_id" integer NOT NULL,
	"kind" text NOT NULL,
	"old_price" integer,
	"new_price" integer,
	"title" text DEFAULT '' NOT NULL,
	"watchers" text[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "listing_event_kind" CHECK ("listing_event"."kind" in ('public', 'price', 'sold', 'available', 'removed'))
);
--> statement-breakpoint
CREATE TABLE "listing_price" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listing_price_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"listing_id" integer NOT NULL,
	"price" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_search" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_search_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"category_id" integer,
	"query" text DEFAULT '' NOT NULL,
	"frequency" text DEFAULT 'daily' NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"last_opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_search_name" CHECK (char_length("saved_search"."name") between 1 and 80),
	CONSTRAINT "saved_search_query" CHECK (char_length("saved_search"."query") between 0 and 1000),
	CONSTRAINT "saved_search_frequency" CHECK ("saved_search"."frequency" in ('instant', 'daily', 'weekly'))
);
--> statement-breakpoint
ALTER TABLE "held_mail" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "listing" ADD COLUMN "price_cut" integer;--> statement-breakpoint
ALTER TABLE "listing" ADD COLUMN "price_cut_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "car_alerts" text DEFAULT 'daily' NOT NULL;--> statement-breakpoint
ALTER TABLE "alert" ADD CONSTRAINT "alert_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert" ADD CONSTRAINT "alert_saved_search_id_saved_search_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_search"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_price" ADD CONSTRAINT "listing_price_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search" ADD CONSTRAINT "saved_search_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search" ADD CONSTRAINT "saved_search_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_event_idx" ON "alert" USING btree ("event_id","user_id",coalesce("saved_search_id", 0));--> statement-breakpoint
CREATE INDEX "alert_user_idx" ON "alert" USING btree ("user_id","saved_search_id","id");--> statement-breakpoint
CREATE INDEX "alert_search_created_idx" ON "alert" USING btree ("saved_search_id","created_at");--> statement-breakpoint
CREATE INDEX "listing_event_pending_idx" ON "listing_event" USING btree ("id") WHERE "listing_event"."done_at" is null;--> statement-breakpoint
CREATE INDEX "listing_price_listing_idx" ON "listing_price" USING btree ("listing_id","changed_at","id");--> statement-breakpoint
CREATE INDEX "saved_search_user_idx" ON "saved_search" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listing_price_cut_idx" ON "listing" USING btree ("price_cut_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "listing"."price_cut" is not null;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_car_alerts" CHECK ("user"."car_alerts" in ('instant', 'daily', 'weekly', 'off'));--> statement-breakpoint
-- Every price a car has had starts with the price it has now, from when it was listed.
INSERT INTO "listing_price" ("listing_id", "price", "changed_at")
  SELECT "id", "resale_price", "created_at" FROM "listing";
--> statement-breakpoint
-- A price cut, as cards show it: cuts less than 30 days apart add up; a rise clears it.
CREATE OR REPLACE FUNCTION carlot_listing_price_cut() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.resale_price < OLD.resale_price THEN
    NEW.price_cut := OLD.resale_price - NEW.resale_price
      + CASE WHEN OLD.price_cut_at > now() - interval '30 days' THEN coalesce(OLD.price_cut, 0) ELSE 0 END;
    NEW.price_cut_at := now();
  ELSE
    NEW.price_cut := NULL;
    NEW.price_cut_at := NULL;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER listing_price_cut BEFORE UPDATE OF "resale_price" ON "listing"
  FOR EACH ROW WHEN (NEW.resale_price IS DISTINCT FROM OLD.resale_price)
  EXECUTE FUNCTION carlot_listing_price_cut();
--> statement-breakpoint
-- What happened to a car, in the write's own transaction, for the alert job
-- (app/models/alert-job.server.ts): published or in the lists again ('public'), the price
-- changed (also kept in listing_price), sold, back on sale ('available'), removed; the
-- last four with the people who had saved the car then ("watchers").
CREATE OR REPLACE FUNCTION carlot_listing_events() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  fresh_days integer;
  watchers text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "listing_price" ("listing_id", "price", "changed_at")
      VALUES (NEW.id, NEW.resale_price, NEW.created_at);
    IF NEW.status = 'available' THEN
      INSERT INTO "listing_event" ("listing_id", "kind", "new_price", "title")
        VALUES (NEW.id, 'public', NEW.resale_price, NEW.title);
    END IF;
    RETURN NULL;
  END IF;
  -- The people who saved the car, as they are now: the event outlives their entries' link.
  IF NEW.resale_price <> OLD.resale_price OR NEW.status <> OLD.status THEN
    watchers := ARRAY(SELECT w.user_id FROM "wishlist" w WHERE w.listing_id = NEW.id);
  END IF;
  IF NEW.resale_price <> OLD.resale_price THEN
    INSERT INTO "listing_price" ("listing_id", "price") VALUES (NEW.id, NEW.resale_price);
    INSERT INTO "listing_event" ("listing_id", "kind", "old_price", "new_price", "title", "watchers")
      VALUES (NEW.id, 'price', OLD.resale_price, NEW.resale_price, NEW.title, watchers);
  END IF;
  IF OLD.status = 'available' AND NEW.status <> 'available' THEN
    INSERT INTO "listing_event" ("listing_id", "kind", "new_price", "title", "watchers")
      VALUES (NEW.id, 'sold', NEW.resale_price, NEW.title, watchers);
  ELSIF OLD.status <> 'available' AND NEW.status = 'available' THEN
    INSERT INTO "listing_event" ("listing_id", "kind", "new_price", "title", "watchers")
      VALUES (NEW.id, 'available', NEW.resale_price, NEW.title, watchers);
  ELSIF NEW.status = 'available' AND NEW.confirmed_at > OLD.confirmed_at THEN
    -- Confirmed after it had left the lists: it is public again.
    SELECT s.fresh_days INTO fresh_days FROM "site_settings" s WHERE s.id = 1;
    IF OLD.confirmed_at <= now() - make_interval(days => coalesce(fresh_days, 60)) THEN
      INSERT INTO "listing_event" ("listing_id", "kind", "new_price", "title")
        VALUES (NEW.id, 'public', NEW.resale_price, NEW.title);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER listing_events AFTER INSERT OR UPDATE ON "listing"
  FOR EACH ROW EXECUTE FUNCTION carlot_listing_events();
--> statement-breakpoint
-- A removed car: recorded before the delete, while its wishlist entries still name it
-- (they are kept with a null car afterwards), with the people who saved it.
CREATE OR REPLACE FUNCTION carlot_listing_removed_event() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "listing_event" ("listing_id", "kind", "old_price", "title", "watchers")
    VALUES (OLD.id, 'removed', OLD.resale_price, OLD.title,
      ARRAY(SELECT w.user_id FROM "wishlist" w WHERE w.listing_id = OLD.id));
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER listing_removed_event BEFORE DELETE ON "listing"
  FOR EACH ROW EXECUTE FUNCTION carlot_listing_removed_event();
--> statement-breakpoint
-- Where only verified sellers' cars are public, verifying a seller publishes their cars.
CREATE OR REPLACE FUNCTION carlot_seller_verified_events() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT s.sellers_need_verification FROM "site_settings" s WHERE s.id = 1) THEN
    INSERT INTO "listing_event" ("listing_id", "kind", "new_price", "title")
      SELECT l.id, 'public', l.resale_price, l.title FROM "listing" l
      WHERE l.seller_id = NEW.id AND l.status = 'available';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_verified_events AFTER UPDATE OF "verified" ON "user"
  FOR EACH ROW WHEN (NEW.verified AND NOT OLD.verified)
  EXECUTE FUNCTION carlot_seller_verified_events();
