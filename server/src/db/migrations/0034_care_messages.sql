CREATE TABLE "care_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"from_doula" boolean NOT NULL,
	"text" text NOT NULL,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "care_records" ADD COLUMN "client_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "care_records" ADD COLUMN "doula_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "care_messages" ADD CONSTRAINT "care_messages_record_id_care_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."care_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_messages_record_idx" ON "care_messages" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "care_messages_unmailed_idx" ON "care_messages" USING btree ("record_id") WHERE "care_messages"."mailed_at" IS NULL;