DROP INDEX "listing_advertised_idx";--> statement-breakpoint
DROP INDEX "listing_seller_idx";--> statement-breakpoint
CREATE INDEX "order_open_listing_idx" ON "order" USING btree ("listing_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "order"."status" = 'open';--> statement-breakpoint
CREATE INDEX "listing_advertised_idx" ON "listing" USING btree ("advertised_at" DESC NULLS LAST,"id" DESC NULLS LAST,"confirmed_at") WHERE "listing"."advertised_at" is not null and "listing"."status" = 'available';--> statement-breakpoint
CREATE INDEX "listing_seller_idx" ON "listing" USING btree ("seller_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"status","advertised_at","confirmed_at");