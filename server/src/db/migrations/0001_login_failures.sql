CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"failed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_failures_key_idx" ON "login_failures" USING btree ("key_hash","failed_at");