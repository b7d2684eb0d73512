CREATE TABLE "safe_place" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "safe_place_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"address" text NOT NULL,
	"hours" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "safe_place_name" CHECK (char_length("safe_place"."name") between 1 and 80),
	CONSTRAINT "safe_place_address" CHECK (char_length("safe_place"."address") between 1 and 200),
	CONSTRAINT "safe_place_hours" CHECK (char_length("safe_place"."hours") between 1 and 120),
	CONSTRAINT "safe_place_note" CHECK ("safe_place"."note" is null or char_length("safe_place"."note") <= 200)
);
--> statement-breakpoint
CREATE TABLE "viewing" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "viewing_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"proposed_by" text NOT NULL,
	"proposal_key" text NOT NULL,
	"slot" smallint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"place_id" integer,
	"place_name" text,
	"address" text NOT NULL,
	"place_note" text,
	"status" text DEFAULT 'proposed' NOT NULL,
	"decided_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"buyer_outcome" text,
	"seller_outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "viewing_slot" CHECK ("viewing"."slot" between 1 and 3),
	CONSTRAINT "viewing_address" CHECK (char_length("viewing"."address") between 1 and 200),
	CONSTRAINT "viewing_status" CHECK ("viewing"."status" in ('proposed', 'accepted', 'declined', 'withdrawn', 'cancelled')),
	CONSTRAINT "viewing_proposed_by" CHECK ("viewing"."proposed_by" in ('buyer', 'seller')),
	CONSTRAINT "viewing_outcomes" CHECK (("viewing"."buyer_outcome" is null or "viewing"."buyer_outcome" in ('met', 'missed'))
          and ("viewing"."seller_outcome" is null or "viewing"."seller_outcome" in ('met', 'missed')))
);
--> statement-breakpoint
ALTER TABLE "held_mail" ADD COLUMN "calendar" jsonb;--> statement-breakpoint
ALTER TABLE "viewing" ADD CONSTRAINT "viewing_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewing" ADD CONSTRAINT "viewing_place_id_safe_place_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."safe_place"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "viewing_order_idx" ON "viewing" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "viewing_proposal_idx" ON "viewing" USING btree ("order_id","proposal_key","slot");--> statement-breakpoint
CREATE INDEX "viewing_reminder_idx" ON "viewing" USING btree ("starts_at") WHERE "viewing"."status" = 'accepted' and "viewing"."reminded_at" is null;--> statement-breakpoint
-- Issue 27: a viewing proposed, agreed, cancelled or marked afterwards shows on the
-- conversation's open pages, as a message does.
CREATE OR REPLACE FUNCTION carlot_conversation_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME IN ('message', 'viewing') THEN
    PERFORM pg_notify('carlot_pages', 'conversation:' || NEW.order_id);
  ELSE
    PERFORM pg_notify('carlot_pages', 'conversation:' || NEW.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER viewing_conversation_changed AFTER INSERT OR UPDATE ON "viewing"
  FOR EACH ROW EXECUTE FUNCTION carlot_conversation_changed();
