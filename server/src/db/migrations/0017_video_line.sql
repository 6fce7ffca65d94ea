ALTER TABLE "lessons" ADD COLUMN "video_seconds" integer;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "video_line" text;