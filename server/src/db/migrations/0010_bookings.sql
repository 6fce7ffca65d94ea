CREATE TABLE "booking_due_months" (
	"month" text PRIMARY KEY NOT NULL,
	"places" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"duration_minutes" integer NOT NULL,
	"price_minor" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"who" text DEFAULT 'anyone' NOT NULL,
	"buffer_before_minutes" integer DEFAULT 0 NOT NULL,
	"buffer_after_minutes" integer DEFAULT 0 NOT NULL,
	"min_notice_hours" integer DEFAULT 24 NOT NULL,
	"max_days_ahead" integer DEFAULT 60 NOT NULL,
	"cap_per_day" integer,
	"cap_per_week" integer,
	"cancel_cutoff_hours" integer DEFAULT 24 NOT NULL,
	"refund_before_cutoff" boolean DEFAULT true NOT NULL,
	"birth_support" boolean DEFAULT false NOT NULL,
	"location_kind" text DEFAULT 'video' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"time_zone" text NOT NULL,
	"weekly" jsonb NOT NULL,
	"exceptions" jsonb NOT NULL,
	"feed_token" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_waitlist" (
	"id" serial PRIMARY KEY NOT NULL,
	"month" text NOT NULL,
	"service_id" integer NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"due_date" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"offer_token_hash" text,
	"offered_until" timestamp with time zone,
	"booked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"due_date" date,
	"note" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"blocked_from" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"reader_time_zone" text NOT NULL,
	"hold_until" timestamp with time zone,
	"confirm_token_hash" text,
	"manage_token" text NOT NULL,
	"uid" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"amount_minor" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"checkout_session_id" text,
	"payment_intent_id" text,
	"refunded_at" timestamp with time zone,
	"reminder_day_before" text DEFAULT 'pending' NOT NULL,
	"reminder_hour_before" text DEFAULT 'pending' NOT NULL,
	"private_note" text DEFAULT '' NOT NULL,
	"offer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_manage_token_unique" UNIQUE("manage_token"),
	CONSTRAINT "bookings_uid_unique" UNIQUE("uid"),
	CONSTRAINT "bookings_checkout_session_id_unique" UNIQUE("checkout_session_id")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "booking_waitlist" ADD CONSTRAINT "booking_waitlist_service_id_booking_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."booking_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_waitlist" ADD CONSTRAINT "booking_waitlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_service_id_booking_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."booking_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_waitlist_month_idx" ON "booking_waitlist" USING btree ("month","created_at");--> statement-breakpoint
CREATE INDEX "bookings_starts_at_idx" ON "bookings" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "bookings_user_idx" ON "bookings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bookings_email_idx" ON "bookings" USING btree ("email");--> statement-breakpoint
CREATE INDEX "bookings_held_idx" ON "bookings" USING btree ("hold_until") WHERE state in ('awaiting_email', 'awaiting_payment');--> statement-breakpoint
CREATE INDEX "bookings_due_date_idx" ON "bookings" USING btree ("due_date");--> statement-breakpoint
-- Two live bookings never share a moment of her time (buffers included), whatever server inserts them.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist (tstzrange("blocked_from", "blocked_until") WITH &&) WHERE ("state" in ('awaiting_email', 'awaiting_payment', 'confirmed', 'attended', 'no_show'));
