ALTER TABLE "listing" ADD COLUMN "mileage_unit" text DEFAULT 'km' NOT NULL;--> statement-breakpoint
ALTER TABLE "listing" ADD COLUMN "confirmed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "listing" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing_photo" ADD COLUMN "avif_small_key" text;--> statement-breakpoint
ALTER TABLE "listing_photo" ADD COLUMN "avif_medium_key" text;--> statement-breakpoint
ALTER TABLE "listing_photo" ADD COLUMN "avif_large_key" text;--> statement-breakpoint
CREATE INDEX "listing_confirmed_idx" ON "listing" USING btree ("confirmed_at") WHERE "listing"."status" = 'available';