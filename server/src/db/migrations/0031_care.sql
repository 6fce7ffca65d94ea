CREATE TABLE "care_agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"text" text NOT NULL,
	"sha256" text NOT NULL,
	"signed_at" timestamp with time zone,
	"signed_name" text,
	"signed_by" integer,
	"signed_from" text,
	"signed_with" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"text" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"fee_minor" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"deposit_minor" integer DEFAULT 0 NOT NULL,
	"instalments" integer DEFAULT 1 NOT NULL,
	"instalment_every_weeks" integer DEFAULT 4 NOT NULL,
	"last_due_week" integer DEFAULT 36 NOT NULL,
	"prenatal_visits" integer DEFAULT 2 NOT NULL,
	"postpartum_visits" integer DEFAULT 1 NOT NULL,
	"on_call_from_week" integer DEFAULT 38 NOT NULL,
	"on_call_until_week" integer DEFAULT 42 NOT NULL,
	"agreement" text NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_packages_deposit_within_fee" CHECK ("care_packages"."deposit_minor" >= 0 AND "care_packages"."deposit_minor" <= "care_packages"."fee_minor"),
	CONSTRAINT "care_packages_window_in_order" CHECK ("care_packages"."on_call_from_week" <= "care_packages"."on_call_until_week")
);
--> statement-breakpoint
CREATE TABLE "care_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"due_on" date NOT NULL,
	"paid_at" timestamp with time zone,
	"waived" boolean DEFAULT false NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "care_payments_amount_positive" CHECK ("care_payments"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "care_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"member_id" integer,
	"email" text,
	"first_name" text,
	"last_name" text,
	"due_date" date NOT NULL,
	"on_call_from" date NOT NULL,
	"on_call_until" date NOT NULL,
	"stage" text DEFAULT 'invited' NOT NULL,
	"invitation_hash" text,
	"invitation_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_records_window_in_order" CHECK ("care_records"."on_call_from" <= "care_records"."on_call_until")
);
--> statement-breakpoint
ALTER TABLE "care_agreements" ADD CONSTRAINT "care_agreements_record_id_care_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."care_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_agreements" ADD CONSTRAINT "care_agreements_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_notes" ADD CONSTRAINT "care_notes_record_id_care_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."care_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_payments" ADD CONSTRAINT "care_payments_record_id_care_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."care_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_records" ADD CONSTRAINT "care_records_package_id_care_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."care_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_records" ADD CONSTRAINT "care_records_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "care_agreements_record_idx" ON "care_agreements" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "care_notes_record_idx" ON "care_notes" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "care_payments_record_idx" ON "care_payments" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "care_records_member_idx" ON "care_records" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "care_records_invitation_idx" ON "care_records" USING btree ("invitation_hash");