CREATE TABLE "trash_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"place" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"deleted_by_id" integer,
	"deleted_by_label" text NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lesson_files" DROP CONSTRAINT "lesson_files_lesson_id_lessons_id_fk";
--> statement-breakpoint
ALTER TABLE "lesson_files" ALTER COLUMN "lesson_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_files" ADD COLUMN "trash_item_id" integer;--> statement-breakpoint
ALTER TABLE "trash_items" ADD CONSTRAINT "trash_items_deleted_by_id_users_id_fk" FOREIGN KEY ("deleted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trash_items_deleted_at_idx" ON "trash_items" USING btree ("deleted_at");--> statement-breakpoint
ALTER TABLE "lesson_files" ADD CONSTRAINT "lesson_files_trash_item_id_trash_items_id_fk" FOREIGN KEY ("trash_item_id") REFERENCES "public"."trash_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_files" ADD CONSTRAINT "lesson_files_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_files_trash_item_id_idx" ON "lesson_files" USING btree ("trash_item_id");