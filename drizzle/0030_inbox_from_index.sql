DROP INDEX "order_buyer_active_idx";--> statement-breakpoint
DROP INDEX "order_seller_active_idx";--> statement-breakpoint
DROP INDEX "order_buyer_unread_idx";--> statement-breakpoint
DROP INDEX "order_seller_unread_idx";--> statement-breakpoint
CREATE INDEX "order_buyer_inbox_idx" ON "order" USING btree ("buyer_id","active_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "order"."status" in ('open', 'closed');--> statement-breakpoint
CREATE INDEX "order_seller_inbox_idx" ON "order" USING btree ("seller_id","active_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "order"."status" in ('open', 'closed');--> statement-breakpoint
CREATE INDEX "order_buyer_unread_idx" ON "order" USING btree ("buyer_id","buyer_unread") WHERE "order"."buyer_unread" > 0;--> statement-breakpoint
CREATE INDEX "order_seller_unread_idx" ON "order" USING btree ("seller_id","seller_unread") WHERE "order"."seller_unread" > 0;