CREATE TABLE "journey_check_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"step_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"consented_at" timestamp with time zone,
	"answered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journey_contact_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"check_in_id" integer,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"seen_by_id" integer,
	"seen_by_label" text,
	"seen_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "journey_steps" ADD COLUMN "check_in" text;--> statement-breakpoint
ALTER TABLE "journey_check_ins" ADD CONSTRAINT "journey_check_ins_step_id_journey_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."journey_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_check_ins" ADD CONSTRAINT "journey_check_ins_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_contact_requests" ADD CONSTRAINT "journey_contact_requests_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_contact_requests" ADD CONSTRAINT "journey_contact_requests_check_in_id_journey_check_ins_id_fk" FOREIGN KEY ("check_in_id") REFERENCES "public"."journey_check_ins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_contact_requests" ADD CONSTRAINT "journey_contact_requests_seen_by_id_users_id_fk" FOREIGN KEY ("seen_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journey_check_ins_step_member_idx" ON "journey_check_ins" USING btree ("step_id","member_id");--> statement-breakpoint
CREATE INDEX "journey_contact_requests_created_idx" ON "journey_contact_requests" USING btree ("created_at");