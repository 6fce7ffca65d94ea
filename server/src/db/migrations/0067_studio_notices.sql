CREATE TABLE "studio_notice_choices" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"choices" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "studio_notice_choices_one_row" CHECK ("studio_notice_choices"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "studio_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "studio_notices_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE INDEX "studio_notices_unmailed_idx" ON "studio_notices" USING btree ("id") WHERE "studio_notices"."mailed_at" is null;