ALTER TABLE "class_registrations" ADD COLUMN "tier_name" text;--> statement-breakpoint
ALTER TABLE "live_classes" ADD COLUMN "tiers" jsonb DEFAULT '[]'::jsonb NOT NULL;