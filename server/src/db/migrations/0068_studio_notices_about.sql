ALTER TABLE "studio_notices" ADD COLUMN "about_user_id" integer;--> statement-breakpoint
ALTER TABLE "studio_notices" ADD CONSTRAINT "studio_notices_about_user_id_users_id_fk" FOREIGN KEY ("about_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "studio_notices_about_idx" ON "studio_notices" USING btree ("about_user_id");