ALTER TABLE "site_settings" ADD COLUMN "logo_key" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "favicon_key" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_logo_key" CHECK ("site_settings"."logo_key" ~ '^site/logo/[0-9a-f]{2}/[0-9a-f]{32}\.webp$');--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_favicon_key" CHECK ("site_settings"."favicon_key" ~ '^site/favicon/[0-9a-f]{2}/[0-9a-f]{32}\.png$');