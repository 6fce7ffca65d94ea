CREATE TABLE "capability_switches" (
	"name" text PRIMARY KEY NOT NULL,
	"on" boolean NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
