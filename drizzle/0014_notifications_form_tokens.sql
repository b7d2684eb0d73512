CREATE TABLE "seller_notification" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seller_notification_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	"listing_id" integer NOT NULL,
	"day" text NOT NULL,
	"buyer_name" text NOT NULL,
	"listing_title" text NOT NULL,
	"digest_due_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_form_token" (
	"nonce" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"listing_id" integer,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seller_notification" ADD CONSTRAINT "seller_notification_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_notification" ADD CONSTRAINT "seller_notification_buyer_id_user_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_notification" ADD CONSTRAINT "seller_notification_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_form_token" ADD CONSTRAINT "used_form_token_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seller_notification_day_idx" ON "seller_notification" USING btree ("buyer_id","listing_id","day");--> statement-breakpoint
CREATE INDEX "seller_notification_waiting_idx" ON "seller_notification" USING btree ("digest_due_at","seller_id") WHERE "seller_notification"."sent_at" is null;