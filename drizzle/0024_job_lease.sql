CREATE TABLE "job_lease" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text DEFAULT '' NOT NULL,
	"until" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "job_lease" ("name") VALUES ('alerts');
