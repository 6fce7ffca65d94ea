CREATE TABLE "care_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "care_files" ADD CONSTRAINT "care_files_record_id_care_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."care_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_files_record_idx" ON "care_files" USING btree ("record_id");