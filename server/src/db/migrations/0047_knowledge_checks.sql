CREATE TABLE "check_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"check_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"score" integer NOT NULL,
	"out_of" integer NOT NULL,
	"rights" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"lesson_id" integer,
	"module_id" integer,
	"title" text DEFAULT '' NOT NULL,
	"questions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_checks_one_place" CHECK (("knowledge_checks"."lesson_id" is null) <> ("knowledge_checks"."module_id" is null))
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "certificate_needs_checks" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "check_attempts" ADD CONSTRAINT "check_attempts_check_id_knowledge_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."knowledge_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_attempts" ADD CONSTRAINT "check_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_checks" ADD CONSTRAINT "knowledge_checks_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_checks" ADD CONSTRAINT "knowledge_checks_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_checks" ADD CONSTRAINT "knowledge_checks_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_attempts_check_idx" ON "check_attempts" USING btree ("check_id");--> statement-breakpoint
CREATE INDEX "check_attempts_user_idx" ON "check_attempts" USING btree ("user_id","check_id");--> statement-breakpoint
CREATE INDEX "knowledge_checks_lesson_idx" ON "knowledge_checks" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "knowledge_checks_course_idx" ON "knowledge_checks" USING btree ("course_id");