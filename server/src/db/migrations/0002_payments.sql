CREATE TABLE "early_closures" (
	"stripe_object_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"amount_minor" integer,
	"currency" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_payments" (
	"stripe_object_id" text PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"plan_id" integer NOT NULL,
	"plan_name" text NOT NULL,
	"mode" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"course_ids" integer[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"checkout_session_id" text NOT NULL,
	"payment_intent_id" text,
	"subscription_id" text,
	"customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "purchases_checkout_session_id_unique" UNIQUE("checkout_session_id"),
	CONSTRAINT "purchases_payment_intent_id_unique" UNIQUE("payment_intent_id"),
	CONSTRAINT "purchases_subscription_id_unique" UNIQUE("subscription_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_grants" DROP CONSTRAINT "course_grants_user_id_course_id_pk";--> statement-breakpoint
ALTER TABLE "course_grants" ADD COLUMN "id" serial PRIMARY KEY NOT NULL;--> statement-breakpoint
ALTER TABLE "course_grants" ADD COLUMN "source" text DEFAULT 'instructor' NOT NULL;--> statement-breakpoint
ALTER TABLE "course_grants" ADD COLUMN "purchase_id" integer;--> statement-breakpoint
ALTER TABLE "course_grants" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchase_payments" ADD CONSTRAINT "purchase_payments_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_payments_occurred_at_idx" ON "purchase_payments" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "purchases_user_id_idx" ON "purchases" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "purchases_customer_id_idx" ON "purchases" USING btree ("customer_id");--> statement-breakpoint
ALTER TABLE "course_grants" ADD CONSTRAINT "course_grants_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_grants_user_id_idx" ON "course_grants" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_grants_instructor_idx" ON "course_grants" USING btree ("user_id","course_id") WHERE source = 'instructor';--> statement-breakpoint
CREATE UNIQUE INDEX "course_grants_purchase_idx" ON "course_grants" USING btree ("purchase_id","course_id") WHERE source = 'purchase';