ALTER TABLE "community_places" ADD COLUMN "waiting_for" text;--> statement-breakpoint
ALTER TABLE "community_places" ADD COLUMN "course_ids" integer[];--> statement-breakpoint
CREATE INDEX "community_places_waiting_idx" ON "community_places" USING btree ("waiting_for");