ALTER TABLE "registries" ADD COLUMN "class_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "registry_contributions" ADD COLUMN "class_id" integer;--> statement-breakpoint
ALTER TABLE "registry_contributions" ADD COLUMN "class_registration_id" integer;--> statement-breakpoint
ALTER TABLE "registry_contributions" ADD COLUMN "class_title" text;