CREATE TABLE "picture_variants" (
	"picture" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "picture_variants_picture_width_pk" PRIMARY KEY("picture","width")
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "cover_picture" text;