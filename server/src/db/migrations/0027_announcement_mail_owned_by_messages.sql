CREATE TABLE "announcement_mail" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"off_at" timestamp with time zone,
	CONSTRAINT "announcement_mail_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_mailing_token_unique";--> statement-breakpoint
ALTER TABLE "announcement_mail" ADD CONSTRAINT "announcement_mail_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Her setting moves with her: links in announcements already mailed keep their token.
INSERT INTO "announcement_mail" ("user_id", "token", "off_at")
SELECT "id", coalesce("mailing_token", replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')), "announcements_off_at"
FROM "users" WHERE "mailing_token" IS NOT NULL OR "announcements_off_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "announcements_off_at";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "mailing_token";