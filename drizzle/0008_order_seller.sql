CREATE UNIQUE INDEX "listing_id_seller_idx" ON "listing" USING btree ("id","seller_id");--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "seller_id" text;--> statement-breakpoint
UPDATE "order" SET "seller_id" = "listing"."seller_id" FROM "listing" WHERE "listing"."id" = "order"."listing_id";--> statement-breakpoint
ALTER TABLE "order" DROP CONSTRAINT "order_listing_id_listing_id_fk";--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_listing_seller_fk" FOREIGN KEY ("listing_id","seller_id") REFERENCES "public"."listing"("id","seller_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_seller_check" CHECK (("order"."listing_id" is null) = ("order"."seller_id" is null));--> statement-breakpoint
DROP INDEX "order_open_listing_idx";--> statement-breakpoint
CREATE INDEX "order_open_seller_idx" ON "order" USING btree ("seller_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "order"."status" = 'open';--> statement-breakpoint
ANALYZE "order";
