CREATE TABLE "file_chunks" (
	"file_id" integer NOT NULL,
	"sequence" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "file_chunks_file_id_sequence_pk" PRIMARY KEY("file_id","sequence")
);
--> statement-breakpoint
ALTER TABLE "lesson_files" ALTER COLUMN "bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_files" ADD COLUMN "size" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_files" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_files" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_file_id_lesson_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."lesson_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each file's content so far becomes its first and only chunk; 0009 then drops the old column.
INSERT INTO "file_chunks" ("file_id", "sequence", "bytes") SELECT "id", 0, "bytes" FROM "lesson_files" WHERE "bytes" IS NOT NULL;--> statement-breakpoint
UPDATE "lesson_files" SET "size" = coalesce(octet_length("bytes"), 0);