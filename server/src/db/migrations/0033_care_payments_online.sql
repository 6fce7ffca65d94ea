ALTER TABLE "care_payments" ADD COLUMN "checkout_session_id" text;--> statement-breakpoint
ALTER TABLE "care_payments" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "care_payments" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "care_payments" ADD COLUMN "overdue_mailed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "care_payments_checkout_idx" ON "care_payments" USING btree ("checkout_session_id");