ALTER TABLE "care_packages" ADD COLUMN "tiers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "care_records" ADD COLUMN "tier_name" text;