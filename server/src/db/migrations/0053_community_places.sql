CREATE TABLE "community_places" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"plan_id" integer,
	"plan_name" text NOT NULL,
	"months" integer,
	"cost_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"given_at" timestamp with time zone NOT NULL,
	CONSTRAINT "community_places_cost" CHECK ("community_places"."cost_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "class_registrations" ADD COLUMN "beyond_price_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "beyond_price_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "community_places" ADD CONSTRAINT "community_places_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_places_user_idx" ON "community_places" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "gifts_payment_intent_idx" ON "gifts" USING btree ("payment_intent_id");