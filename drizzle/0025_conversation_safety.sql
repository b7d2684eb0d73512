CREATE TABLE "conversation_report" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversation_report_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"reporter_id" text NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	CONSTRAINT "conversation_report_reason" CHECK ("conversation_report"."reason" in ('scam', 'harassment', 'spam', 'other')),
	CONSTRAINT "conversation_report_details" CHECK ("conversation_report"."details" is null or char_length("conversation_report"."details") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "warnings" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "blocked_by" text;--> statement-breakpoint
ALTER TABLE "conversation_report" ADD CONSTRAINT "conversation_report_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_report" ADD CONSTRAINT "conversation_report_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_report_reporter_idx" ON "conversation_report" USING btree ("order_id","reporter_id");--> statement-breakpoint
CREATE INDEX "conversation_report_open_idx" ON "conversation_report" USING btree ("created_at" DESC NULLS LAST) WHERE "conversation_report"."resolved_at" is null;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_blocked_by" CHECK ("order"."blocked_by" is null or "order"."blocked_by" in ('buyer', 'seller'));--> statement-breakpoint
-- A block changes what both open pages show.
DROP TRIGGER order_conversation_changed ON "order";
--> statement-breakpoint
CREATE TRIGGER order_conversation_changed AFTER UPDATE ON "order"
  FOR EACH ROW WHEN (
    OLD.buyer_seen_id IS DISTINCT FROM NEW.buyer_seen_id
    OR OLD.seller_seen_id IS DISTINCT FROM NEW.seller_seen_id
    OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.blocked_by IS DISTINCT FROM NEW.blocked_by
  ) EXECUTE FUNCTION carlot_conversation_changed();
