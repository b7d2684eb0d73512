ALTER TABLE "order" DROP CONSTRAINT "order_listing_id_listing_id_fk";
--> statement-breakpoint
ALTER TABLE "wishlist" DROP CONSTRAINT "wishlist_listing_id_listing_id_fk";
--> statement-breakpoint
ALTER TABLE "wishlist" DROP CONSTRAINT "wishlist_user_id_listing_id_pk";--> statement-breakpoint
ALTER TABLE "order" ALTER COLUMN "listing_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "wishlist" ALTER COLUMN "listing_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "listing_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "closed_reason" text;--> statement-breakpoint
ALTER TABLE "wishlist" ADD COLUMN "id" integer PRIMARY KEY NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "wishlist_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "wishlist" ADD COLUMN "listing_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist" ADD CONSTRAINT "wishlist_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_user_listing_idx" ON "wishlist" USING btree ("user_id","listing_id");--> statement-breakpoint
CREATE INDEX "wishlist_user_created_idx" ON "wishlist" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
UPDATE "order" SET "listing_title" = "listing"."title" FROM "listing" WHERE "listing"."id" = "order"."listing_id";--> statement-breakpoint
UPDATE "wishlist" SET "listing_title" = "listing"."title" FROM "listing" WHERE "listing"."id" = "wishlist"."listing_id";
