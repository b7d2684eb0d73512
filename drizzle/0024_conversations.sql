CREATE TABLE "message" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"sender_id" text,
	"body" text NOT NULL,
	"compose_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_body" CHECK (char_length("message"."body") between 1 and 2000),
	CONSTRAINT "message_compose_key" CHECK (char_length("message"."compose_key") between 8 and 64)
);
--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "buyer_seen_id" bigint;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "seller_seen_id" bigint;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "buyer_unread" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "seller_unread" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "buyer_unread_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "seller_unread_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "buyer_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "seller_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "last_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "active_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "message_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_sender_id_user_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_order_idx" ON "message" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_compose_idx" ON "message" USING btree ("order_id","sender_id","compose_key");--> statement-breakpoint
CREATE INDEX "order_buyer_unread_idx" ON "order" USING btree ("buyer_id") WHERE "order"."buyer_unread" > 0;--> statement-breakpoint
CREATE INDEX "order_seller_unread_idx" ON "order" USING btree ("seller_id") WHERE "order"."seller_unread" > 0;--> statement-breakpoint
CREATE INDEX "order_buyer_active_idx" ON "order" USING btree ("buyer_id","active_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_seller_active_idx" ON "order" USING btree ("seller_id","active_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_buyer_waiting_idx" ON "order" USING btree ("buyer_unread_since") WHERE "order"."buyer_unread" > 0;--> statement-breakpoint
CREATE INDEX "order_seller_waiting_idx" ON "order" USING btree ("seller_unread_since") WHERE "order"."seller_unread" > 0;--> statement-breakpoint
-- Existing requests were last active when they were made.
UPDATE "order" SET "active_at" = "created_at";
--> statement-breakpoint
-- Issue 27: a conversation's open pages, on every node, hear that something changed in it
-- (a message, the other side's "Seen", the request closing) on the one channel every
-- process already LISTENs to, as `conversation:<request id>`. The page cache ignores these.
CREATE OR REPLACE FUNCTION carlot_conversation_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'message' THEN
    PERFORM pg_notify('carlot_pages', 'conversation:' || NEW.order_id);
  ELSE
    PERFORM pg_notify('carlot_pages', 'conversation:' || NEW.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER message_conversation_changed AFTER INSERT ON "message"
  FOR EACH ROW EXECUTE FUNCTION carlot_conversation_changed();
--> statement-breakpoint
CREATE TRIGGER order_conversation_changed AFTER UPDATE ON "order"
  FOR EACH ROW WHEN (
    OLD.buyer_seen_id IS DISTINCT FROM NEW.buyer_seen_id
    OR OLD.seller_seen_id IS DISTINCT FROM NEW.seller_seen_id
    OR OLD.status IS DISTINCT FROM NEW.status
  ) EXECUTE FUNCTION carlot_conversation_changed();
