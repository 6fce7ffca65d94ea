CREATE TABLE "registries" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"name" text NOT NULL,
	"line" text DEFAULT '' NOT NULL,
	"show_due_month" boolean DEFAULT false NOT NULL,
	"plan_ids" integer[] DEFAULT '{}' NOT NULL,
	"care" boolean DEFAULT false NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registry_contributions" (
	"id" serial PRIMARY KEY NOT NULL,
	"registry_id" integer,
	"kind" text NOT NULL,
	"plan_id" integer,
	"plan_name" text,
	"course_ids" integer[] DEFAULT '{}' NOT NULL,
	"months" integer,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"giver_name" text NOT NULL,
	"giver_email" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"public" boolean DEFAULT true NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"checkout_session_id" text,
	"payment_intent_id" text,
	"credit_minor" integer DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registry_contributions_amount" CHECK ("registry_contributions"."amount_minor" > 0 and "registry_contributions"."credit_minor" between 0 and "registry_contributions"."amount_minor")
);
--> statement-breakpoint
ALTER TABLE "care_payments" ADD COLUMN "from_registry_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registries" ADD CONSTRAINT "registries_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_contributions" ADD CONSTRAINT "registry_contributions_registry_id_registries_id_fk" FOREIGN KEY ("registry_id") REFERENCES "public"."registries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registries_member_idx" ON "registries" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registries_name_idx" ON "registries" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "registry_contributions_checkout_idx" ON "registry_contributions" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE INDEX "registry_contributions_registry_idx" ON "registry_contributions" USING btree ("registry_id");--> statement-breakpoint
ALTER TABLE "care_payments" ADD CONSTRAINT "care_payments_registry_credit" CHECK ("care_payments"."from_registry_minor" between 0 and "care_payments"."amount_minor");