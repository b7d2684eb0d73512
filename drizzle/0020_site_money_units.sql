ALTER TABLE "site_settings" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "price_style" text DEFAULT 'amount-sign' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "locale" text DEFAULT 'en-US' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "distance_unit" text DEFAULT 'km' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_currency" CHECK ("site_settings"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_price_style" CHECK ("site_settings"."price_style" in ('amount-sign', 'locale'));--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_locale" CHECK ("site_settings"."locale" ~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$');--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_distance_unit" CHECK ("site_settings"."distance_unit" in ('km', 'mi'));