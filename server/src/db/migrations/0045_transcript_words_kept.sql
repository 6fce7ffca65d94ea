DROP INDEX "lesson_transcripts_words_english_idx";--> statement-breakpoint
DROP INDEX "lesson_transcripts_words_spanish_idx";--> statement-breakpoint
ALTER TABLE "lesson_transcripts" ADD COLUMN "words_english" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, cues)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_transcripts" ADD COLUMN "words_spanish" "tsvector" GENERATED ALWAYS AS (to_tsvector('spanish'::regconfig, cues)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "lesson_transcripts_words_english_idx" ON "lesson_transcripts" USING gin ("words_english");--> statement-breakpoint
CREATE INDEX "lesson_transcripts_words_spanish_idx" ON "lesson_transcripts" USING gin ("words_spanish");