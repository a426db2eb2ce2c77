ALTER TABLE "v1"."webhook_deliveries" ADD COLUMN "scheduled_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "v1"."webhook_deliveries" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_idx" ON "v1"."webhook_deliveries" USING btree ("next_attempt_at") WHERE "v1"."webhook_deliveries"."status" = 'pending';