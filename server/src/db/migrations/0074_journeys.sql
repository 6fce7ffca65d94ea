CREATE TABLE "journey_deliveries" (
	"step_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "journey_deliveries_step_id_member_id_pk" PRIMARY KEY("step_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "journey_members" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"time_zone" text,
	"paused" boolean DEFAULT false NOT NULL,
	"born_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journey_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"journey_id" integer NOT NULL,
	"position" integer NOT NULL,
	"at_week" integer,
	"at_day" integer,
	"after_birth_days" integer,
	"hour" text DEFAULT '09:00' NOT NULL,
	"channels" jsonb NOT NULL,
	"title" jsonb NOT NULL,
	"text" jsonb NOT NULL,
	"lesson_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journeys" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"audience" text NOT NULL,
	"course_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journey_deliveries" ADD CONSTRAINT "journey_deliveries_step_id_journey_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."journey_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_deliveries" ADD CONSTRAINT "journey_deliveries_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_members" ADD CONSTRAINT "journey_members_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_steps" ADD CONSTRAINT "journey_steps_journey_id_journeys_id_fk" FOREIGN KEY ("journey_id") REFERENCES "public"."journeys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journey_deliveries_member_idx" ON "journey_deliveries" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "journey_steps_journey_idx" ON "journey_steps" USING btree ("journey_id");