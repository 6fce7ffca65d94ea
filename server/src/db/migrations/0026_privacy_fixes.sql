ALTER TABLE "class_registrations" ADD COLUMN "unsubscribe_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_proven_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "class_registrations" ADD CONSTRAINT "class_registrations_unsubscribe_token_unique" UNIQUE("unsubscribe_token");--> statement-breakpoint
-- Addresses kept by the bookings and classes compare case-insensitively from now on: kept in lower case.
UPDATE "bookings" SET "email" = lower("email") WHERE "email" <> lower("email");
--> statement-breakpoint
UPDATE "booking_waitlist" SET "email" = lower("email") WHERE "email" <> lower("email");
--> statement-breakpoint
UPDATE "class_registrations" SET "email" = lower("email") WHERE "email" <> lower("email");
--> statement-breakpoint
-- A partner who registered through the invitation mailed to his very address has proven it.
UPDATE "users" SET "email_proven_at" = "partner_links"."created_at"
FROM "partner_links", "partner_invitations"
WHERE "partner_links"."partner_id" = "users"."id" AND "partner_invitations"."member_id" = "partner_links"."member_id"
  AND "partner_invitations"."used_at" IS NOT NULL AND lower("partner_invitations"."email") = "users"."email";
