DROP INDEX "lesson_progress_recent_idx";--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD COLUMN "recency" bigserial NOT NULL;--> statement-breakpoint
-- The saves made before keep their order: numbered by when they were last saved.
UPDATE "lesson_progress" SET "recency" = ordered.position FROM (SELECT "user_id", "lesson_id", row_number() OVER (ORDER BY "updated_at", "user_id", "lesson_id") AS position FROM "lesson_progress") AS ordered WHERE "lesson_progress"."user_id" = ordered."user_id" AND "lesson_progress"."lesson_id" = ordered."lesson_id";--> statement-breakpoint
SELECT setval('lesson_progress_recency_seq', (SELECT coalesce(max("recency"), 0) + 1 FROM "lesson_progress"), false);--> statement-breakpoint
CREATE INDEX "lesson_progress_recent_idx" ON "lesson_progress" USING btree ("user_id","recency");