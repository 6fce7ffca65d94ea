CREATE TABLE "class_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"due_date" date,
	"state" text NOT NULL,
	"hold_until" timestamp with time zone,
	"manage_token" text NOT NULL,
	"from_waiting_list" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_registrations_manage_token_unique" UNIQUE("manage_token")
);
--> statement-breakpoint
CREATE TABLE "live_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description_html" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"places" integer NOT NULL,
	"price_minor" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"who" text NOT NULL,
	"join_url" text NOT NULL,
	"uid" text NOT NULL,
	"cancelled_at" timestamp with time zone,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_classes_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
ALTER TABLE "class_registrations" ADD CONSTRAINT "class_registrations_class_id_live_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."live_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_registrations" ADD CONSTRAINT "class_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_registrations_class_idx" ON "class_registrations" USING btree ("class_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "class_registrations_one_live_idx" ON "class_registrations" USING btree ("class_id",lower("email")) WHERE state not in ('cancelled', 'expired');--> statement-breakpoint
CREATE INDEX "live_classes_starts_at_idx" ON "live_classes" USING btree ("starts_at");