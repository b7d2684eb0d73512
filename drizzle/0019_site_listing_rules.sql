ALTER TABLE "site_settings" ADD COLUMN "fresh_days" smallint DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "photos_per_car" smallint DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "sellers_need_verification" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_fresh_days" CHECK ("site_settings"."fresh_days" between 14 and 365);--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_photos_per_car" CHECK ("site_settings"."photos_per_car" between 1 and 12);