CREATE TABLE "care_checkouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"session_id" text NOT NULL,
	"payment_intent_id" text,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "care_checkouts" ADD CONSTRAINT "care_checkouts_payment_id_care_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."care_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "care_checkouts_session_idx" ON "care_checkouts" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "care_checkouts_payment_idx" ON "care_checkouts" USING btree ("payment_id","status");--> statement-breakpoint
CREATE INDEX "care_checkouts_intent_idx" ON "care_checkouts" USING btree ("payment_intent_id");--> statement-breakpoint
-- Checkouts opened before this table: each payment's latest, as care_payments kept it.
INSERT INTO "care_checkouts" ("payment_id", "session_id", "payment_intent_id", "amount_minor", "currency", "status", "opened_at", "settled_at")
SELECT "id", "checkout_session_id", "payment_intent_id", "amount_minor" - "from_registry_minor", "currency",
  CASE WHEN "refunded_at" IS NOT NULL THEN 'refunded' WHEN "paid_at" IS NOT NULL AND "payment_intent_id" IS NOT NULL THEN 'paid' ELSE 'open' END,
  now(), "paid_at"
FROM "care_payments" WHERE "checkout_session_id" IS NOT NULL;
