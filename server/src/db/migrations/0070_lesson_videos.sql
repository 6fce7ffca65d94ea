CREATE TABLE "lesson_videos" (
	"lesson_id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"upload_id" text,
	"filename" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"claimed_by" text,
	"heartbeat_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"folder" text,
	"duration_seconds" integer,
	"renditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_videos_progress_range" CHECK ("lesson_videos"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "video_signing_keys" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lesson_videos" ADD CONSTRAINT "lesson_videos_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_videos_waiting_idx" ON "lesson_videos" USING btree ("status","updated_at");