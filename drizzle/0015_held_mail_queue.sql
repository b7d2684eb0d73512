ALTER TABLE "held_mail" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "held_mail" ADD COLUMN "wait_for_verification" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "held_mail" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "held_mail" ADD CONSTRAINT "held_mail_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "held_mail_order_user_idx" ON "held_mail" USING btree ("order_id","user_id");