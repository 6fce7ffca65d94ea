CREATE TABLE "labour_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"client_key" text,
	"sent_at" timestamp with time zone NOT NULL,
	"backup_first" boolean DEFAULT false NOT NULL,
	"told" text[] NOT NULL,
	"backup_told_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"seen_at" timestamp with time zone,
	"seen_by" integer,
	"seen_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "off_call_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "off_call_in_order" CHECK ("off_call_periods"."starts_at" < "off_call_periods"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "team_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_by" integer,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "care_records" ADD COLUMN "backup_user_id" integer;--> statement-breakpoint
ALTER TABLE "labour_alerts" ADD CONSTRAINT "labour_alerts_record_id_care_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."care_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labour_alerts" ADD CONSTRAINT "labour_alerts_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labour_alerts" ADD CONSTRAINT "labour_alerts_seen_by_users_id_fk" FOREIGN KEY ("seen_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "off_call_periods" ADD CONSTRAINT "off_call_periods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "labour_alerts_record_idx" ON "labour_alerts" USING btree ("record_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "labour_alerts_key_idx" ON "labour_alerts" USING btree ("record_id","client_key");--> statement-breakpoint
CREATE INDEX "labour_alerts_unseen_idx" ON "labour_alerts" USING btree ("sent_at") WHERE seen_at is null and escalated_at is null;--> statement-breakpoint
CREATE INDEX "off_call_periods_user_idx" ON "off_call_periods" USING btree ("user_id","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_token_idx" ON "team_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "team_invitations_email_idx" ON "team_invitations" USING btree ("email");--> statement-breakpoint
ALTER TABLE "care_records" ADD CONSTRAINT "care_records_backup_user_id_users_id_fk" FOREIGN KEY ("backup_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;