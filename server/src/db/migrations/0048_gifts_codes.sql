CREATE TABLE "code_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_id" integer NOT NULL,
	"user_id" integer,
	"checkout_session_id" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"percent_off" integer,
	"amount_off_minor" integer,
	"plan_ids" integer[] DEFAULT '{}' NOT NULL,
	"package_ids" integer[] DEFAULT '{}' NOT NULL,
	"class_ids" integer[] DEFAULT '{}' NOT NULL,
	"starts_on" date,
	"ends_on" date,
	"max_uses" integer,
	"taken" integer DEFAULT 0 NOT NULL,
	"first_purchase_only" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_one_reduction" CHECK (("discount_codes"."percent_off" is null) <> ("discount_codes"."amount_off_minor" is null)),
	CONSTRAINT "discount_codes_percent" CHECK ("discount_codes"."percent_off" is null or "discount_codes"."percent_off" between 1 and 99),
	CONSTRAINT "discount_codes_uses" CHECK ("discount_codes"."taken" >= 0 and ("discount_codes"."max_uses" is null or "discount_codes"."taken" <= "discount_codes"."max_uses"))
);
--> statement-breakpoint
ALTER TABLE "code_uses" ADD CONSTRAINT "code_uses_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_uses" ADD CONSTRAINT "code_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "code_uses_checkout_idx" ON "code_uses" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE INDEX "code_uses_code_idx" ON "code_uses" USING btree ("code_id");--> statement-breakpoint
CREATE INDEX "code_uses_user_idx" ON "code_uses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_idx" ON "discount_codes" USING btree ("code");