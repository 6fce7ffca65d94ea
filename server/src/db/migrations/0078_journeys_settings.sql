CREATE TABLE "journey_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"crisis_lines" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
