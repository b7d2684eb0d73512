CREATE TABLE "site_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text DEFAULT 'Carlot' NOT NULL,
	"tagline" text DEFAULT 'Trusted Used Car Seller Site.' NOT NULL,
	"brand_colour" text,
	"contact_email" text,
	"social_microblog_url" text DEFAULT 'https://x.com/',
	"social_video_url" text DEFAULT 'https://www.youtube.com/',
	"social_network_url" text DEFAULT 'https://www.facebook.com/',
	"hero_title" text DEFAULT 'Find Your Dream Car' NOT NULL,
	"hero_text" text DEFAULT 'Browse sedans, off-roaders, muscle cars and SUVs from verified sellers near you. Pick a category to start, or look through every car for sale.' NOT NULL,
	"stats_shown" boolean DEFAULT true NOT NULL,
	"stat1_value" text DEFAULT '25.6K' NOT NULL,
	"stat1_label" text DEFAULT 'Likes' NOT NULL,
	"stat2_value" text DEFAULT '1.2k' NOT NULL,
	"stat2_label" text DEFAULT 'Cars delivered' NOT NULL,
	"stat3_value" text DEFAULT '86%' NOT NULL,
	"stat3_label" text DEFAULT 'Tasks done' NOT NULL,
	"terms_md" text DEFAULT '' NOT NULL,
	"privacy_md" text DEFAULT '' NOT NULL,
	"about_md" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "site_settings_one_row" CHECK ("site_settings"."id" = 1),
	CONSTRAINT "site_settings_name" CHECK (char_length("site_settings"."name") between 1 and 40),
	CONSTRAINT "site_settings_tagline" CHECK (char_length("site_settings"."tagline") between 0 and 120),
	CONSTRAINT "site_settings_brand_colour" CHECK ("site_settings"."brand_colour" ~ '^#[0-9a-f]{6}$'),
	CONSTRAINT "site_settings_contact_email" CHECK (char_length("site_settings"."contact_email") between 3 and 254),
	CONSTRAINT "site_settings_social_microblog" CHECK ("site_settings"."social_microblog_url" is null or ("site_settings"."social_microblog_url" like 'https://%' and char_length("site_settings"."social_microblog_url") <= 300)),
	CONSTRAINT "site_settings_social_video" CHECK ("site_settings"."social_video_url" is null or ("site_settings"."social_video_url" like 'https://%' and char_length("site_settings"."social_video_url") <= 300)),
	CONSTRAINT "site_settings_social_network" CHECK ("site_settings"."social_network_url" is null or ("site_settings"."social_network_url" like 'https://%' and char_length("site_settings"."social_network_url") <= 300)),
	CONSTRAINT "site_settings_hero_title" CHECK (char_length("site_settings"."hero_title") between 1 and 80),
	CONSTRAINT "site_settings_hero_text" CHECK (char_length("site_settings"."hero_text") between 0 and 300),
	CONSTRAINT "site_settings_stats" CHECK (char_length("site_settings"."stat1_value") between 1 and 12 and char_length("site_settings"."stat2_value") between 1 and 12 and char_length("site_settings"."stat3_value") between 1 and 12
        and char_length("site_settings"."stat1_label") between 1 and 24 and char_length("site_settings"."stat2_label") between 1 and 24 and char_length("site_settings"."stat3_label") between 1 and 24),
	CONSTRAINT "site_settings_pages" CHECK (char_length("site_settings"."terms_md") between 0 and 20000 and char_length("site_settings"."privacy_md") between 0 and 20000 and char_length("site_settings"."about_md") between 0 and 20000)
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The one row, with the spec's texts; the banner figures an operator set before
-- (site_setting 'home.stats') move into it when they fit its checks.
INSERT INTO "site_settings" ("id") VALUES (1);
--> statement-breakpoint
UPDATE "site_settings" SET
  "stat1_value" = coalesce(s."value"->>'likes', "stat1_value"),
  "stat2_value" = coalesce(s."value"->>'carsDelivered', "stat2_value"),
  "stat3_value" = coalesce(s."value"->>'tasksDone', "stat3_value")
FROM "site_setting" s
WHERE s."key" = 'home.stats'
  AND char_length(coalesce(s."value"->>'likes', 'x')) between 1 and 12
  AND char_length(coalesce(s."value"->>'carsDelivered', 'x')) between 1 and 12
  AND char_length(coalesce(s."value"->>'tasksDone', 'x')) between 1 and 12;
--> statement-breakpoint
DELETE FROM "site_setting" WHERE "key" = 'home.stats';
--> statement-breakpoint
-- Every change empties every process's cached settings and stored pages (0005).
CREATE TRIGGER site_settings_pages_changed AFTER INSERT OR UPDATE OR DELETE ON "site_settings"
  FOR EACH ROW EXECUTE FUNCTION carlot_pages_changed();
