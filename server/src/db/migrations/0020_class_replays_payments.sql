CREATE TABLE "class_mail_opt_outs" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "class_registrations" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "class_registrations" ADD COLUMN "attended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "class_registrations" ADD COLUMN "checkout_session_id" text;--> statement-breakpoint
ALTER TABLE "class_registrations" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "class_registrations" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_classes" ADD COLUMN "replay_url" text;--> statement-breakpoint
ALTER TABLE "live_classes" ADD COLUMN "replay_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "class_registrations" ADD CONSTRAINT "class_registrations_checkout_session_id_unique" UNIQUE("checkout_session_id");