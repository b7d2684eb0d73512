CREATE TABLE "message_photo" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_photo_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"message_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"small_key" text NOT NULL,
	"large_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	CONSTRAINT "message_photo_position" CHECK ("message_photo"."position" between 0 and 3)
);
--> statement-breakpoint
ALTER TABLE "message" DROP CONSTRAINT "message_body";--> statement-breakpoint
ALTER TABLE "message_photo" ADD CONSTRAINT "message_photo_message_id_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_photo_message_position_idx" ON "message_photo" USING btree ("message_id","position");--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_body" CHECK (char_length("message"."body") between 0 and 2000);