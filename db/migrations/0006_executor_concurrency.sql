CREATE TABLE "executor"."concurrency_queues" (
	"key" text PRIMARY KEY NOT NULL,
	"last_admitted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "executor"."concurrency_waits" (
	"id" text PRIMARY KEY NOT NULL,
	"item" jsonb NOT NULL,
	"constraints" jsonb NOT NULL,
	"queue_key" text NOT NULL,
	"enqueued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"admitted_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"admissions" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "executor_concurrency_waits_queue_idx" ON "executor"."concurrency_waits" USING btree ("queue_key","enqueued_at");