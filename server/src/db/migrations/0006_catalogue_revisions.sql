ALTER TABLE "courses" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "video_hash" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "modules" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;