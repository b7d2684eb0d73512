ALTER TABLE "site_settings" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_language" CHECK ("site_settings"."language" in ('en', 'es', 'ar'));--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_language" CHECK ("user"."language" is null or "user"."language" in ('en', 'es', 'ar'));