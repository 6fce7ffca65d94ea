CREATE TABLE "care_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"source" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"code" text,
	"received_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "care_receipts_amount_positive" CHECK ("care_receipts"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "care_checkouts" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "care_receipts" ADD CONSTRAINT "care_receipts_payment_id_care_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."care_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_receipts_payment_idx" ON "care_receipts" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "care_receipts_received_idx" ON "care_receipts" USING btree ("received_at");--> statement-breakpoint
-- What came in before this table: each paid Stripe session (refunded when its payment was), what was marked paid by hand, and what her registry credited (received when it settled its payment; a part credited to a payment still open, as of this migration).
INSERT INTO "care_receipts" ("payment_id", "source", "amount_minor", "currency", "received_at", "refunded_at")
SELECT c."payment_id", 'stripe', c."amount_minor", p."currency", coalesce(c."settled_at", p."paid_at", c."opened_at"), p."refunded_at"
FROM "care_checkouts" c JOIN "care_payments" p ON p."id" = c."payment_id"
WHERE c."amount_minor" > 0 AND (c."status" = 'paid' OR (c."status" = 'refunded' AND c."payment_intent_id" = p."payment_intent_id"));--> statement-breakpoint
INSERT INTO "care_receipts" ("payment_id", "source", "amount_minor", "currency", "received_at")
SELECT p."id", 'by_hand', p."amount_minor" - p."from_registry_minor", p."currency", p."paid_at"
FROM "care_payments" p
WHERE p."paid_at" IS NOT NULL AND NOT p."waived" AND p."amount_minor" - p."from_registry_minor" > 0
  AND p."payment_intent_id" IS NULL;--> statement-breakpoint
INSERT INTO "care_receipts" ("payment_id", "source", "amount_minor", "currency", "received_at")
SELECT p."id", 'registry', p."from_registry_minor", p."currency", coalesce(p."paid_at", now())
FROM "care_payments" p
WHERE p."from_registry_minor" > 0;
