ALTER TABLE "push_subscriptions" ADD COLUMN "session_hash" text;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_session_hash_sessions_token_hash_fk" FOREIGN KEY ("session_hash") REFERENCES "public"."sessions"("token_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_session_idx" ON "push_subscriptions" USING btree ("session_hash");--> statement-breakpoint
-- Devices turned on before subscriptions followed sessions: each goes with its account's most
-- recently used session (most likely the device itself); an account signed in nowhere keeps none.
UPDATE "push_subscriptions" SET "session_hash" = (
  SELECT "token_hash" FROM "sessions" WHERE "sessions"."user_id" = "push_subscriptions"."user_id"
  ORDER BY "last_seen_at" DESC LIMIT 1
);--> statement-breakpoint
DELETE FROM "push_subscriptions" WHERE "session_hash" IS NULL;
