CREATE TABLE "care_questionnaire_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"questionnaire_id" integer NOT NULL,
	"title" text NOT NULL,
	"questions" jsonb NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"consent_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_questionnaires" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"questions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "care_questionnaire_sends" ADD CONSTRAINT "care_questionnaire_sends_record_id_care_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."care_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_questionnaire_sends" ADD CONSTRAINT "care_questionnaire_sends_questionnaire_id_care_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."care_questionnaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "care_questionnaire_sends_once_idx" ON "care_questionnaire_sends" USING btree ("record_id","questionnaire_id");