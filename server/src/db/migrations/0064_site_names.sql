ALTER TABLE "site_settings" ADD COLUMN "doula_name" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "business_name" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "titles" jsonb DEFAULT '{}'::jsonb NOT NULL;