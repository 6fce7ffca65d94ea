CREATE INDEX "lesson_files_words_english_idx" ON "lesson_files" USING gin (to_tsvector('english'::regconfig, "filename"));--> statement-breakpoint
CREATE INDEX "lesson_files_words_spanish_idx" ON "lesson_files" USING gin (to_tsvector('spanish'::regconfig, "filename"));--> statement-breakpoint
CREATE INDEX "lessons_words_english_idx" ON "lessons" USING gin (to_tsvector('english'::regconfig, coalesce("title", '') || ' ' || coalesce("content_summary_html", '') || ' ' || coalesce("note_html", '')));--> statement-breakpoint
CREATE INDEX "lessons_words_spanish_idx" ON "lessons" USING gin (to_tsvector('spanish'::regconfig, coalesce("title", '') || ' ' || coalesce("content_summary_html", '') || ' ' || coalesce("note_html", '')));--> statement-breakpoint
CREATE INDEX "community_posts_words_english_idx" ON "community_posts" USING gin (to_tsvector('english'::regconfig, "body"));--> statement-breakpoint
CREATE INDEX "community_posts_words_spanish_idx" ON "community_posts" USING gin (to_tsvector('spanish'::regconfig, "body"));--> statement-breakpoint
CREATE INDEX "community_threads_words_english_idx" ON "community_threads" USING gin (to_tsvector('english'::regconfig, "title"));--> statement-breakpoint
CREATE INDEX "community_threads_words_spanish_idx" ON "community_threads" USING gin (to_tsvector('spanish'::regconfig, "title"));--> statement-breakpoint
CREATE INDEX "lesson_transcripts_words_english_idx" ON "lesson_transcripts" USING gin (to_tsvector('english'::regconfig, "cues"));--> statement-breakpoint
CREATE INDEX "lesson_transcripts_words_spanish_idx" ON "lesson_transcripts" USING gin (to_tsvector('spanish'::regconfig, "cues"));