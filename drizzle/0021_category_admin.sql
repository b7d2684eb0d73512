CREATE TABLE "category_slug_history" (
	"slug" text PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "category_slug_history_shape" CHECK ("category_slug_history"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length("category_slug_history"."slug") <= 60)
);
--> statement-breakpoint
ALTER TABLE "category" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "category_slug_history" ADD CONSTRAINT "category_slug_history_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_slug_history_category_idx" ON "category_slug_history" USING btree ("category_id");--> statement-breakpoint
ALTER TABLE "category" ADD CONSTRAINT "category_name_length" CHECK (char_length("category"."name") between 1 and 40);--> statement-breakpoint
ALTER TABLE "category" ADD CONSTRAINT "category_slug_shape" CHECK ("category"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length("category"."slug") <= 60);--> statement-breakpoint
-- An old address starts answering 301 (or stops) for visitors' stored pages too.
CREATE TRIGGER category_slug_history_pages_changed AFTER INSERT OR UPDATE OR DELETE ON "category_slug_history"
  FOR EACH ROW EXECUTE FUNCTION carlot_pages_changed();
