ALTER TABLE "class_registrations" ADD COLUMN "starting_pushed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community_notices" ADD COLUMN "last_pushed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "timer_sessions" ADD COLUMN "partner_told_at" timestamp with time zone;