ALTER TABLE "care_files" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "care_files" ADD COLUMN "storage_key" text;