CREATE TABLE "gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer,
	"plan_name" text NOT NULL,
	"course_ids" integer[] NOT NULL,
	"months" integer,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"giver_name" text NOT NULL,
	"giver_email" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"deliver_on" date NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"checkout_session_id" text,
	"payment_intent_id" text,
	"change_hash" text,
	"open_hash" text,
	"paid_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"opened_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_months" CHECK ("gifts"."months" is null or "gifts"."months" between 1 and 36)
);
--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_checkout_idx" ON "gifts" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_change_idx" ON "gifts" USING btree ("change_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_open_idx" ON "gifts" USING btree ("open_hash");--> statement-breakpoint
CREATE INDEX "gifts_due_idx" ON "gifts" USING btree ("status","deliver_on");--> statement-breakpoint
CREATE INDEX "gifts_opened_by_idx" ON "gifts" USING btree ("opened_by");