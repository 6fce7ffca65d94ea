ALTER TABLE "journey_members" ADD COLUMN "baby_name" text;--> statement-breakpoint
ALTER TABLE "journey_members" ADD COLUMN "weight_grams" integer;