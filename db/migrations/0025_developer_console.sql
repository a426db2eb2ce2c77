CREATE TABLE "v1"."request_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"key_id" uuid,
	"key_prefix" text NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"status" integer NOT NULL,
	"latency_ms" integer NOT NULL,
	"request_id" text NOT NULL,
	"idempotency_key" text,
	"error_code" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "v1"."webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"response_status" integer,
	"latency_ms" integer NOT NULL,
	"response_excerpt" text,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "v1"."webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" text NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_response_status" integer,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_status_known" CHECK ("v1"."webhook_deliveries"."status" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "v1"."webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"event_types" text[] NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_expires_at" timestamp with time zone,
	"created_by" text,
	"failing_since" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "v1"."api_keys" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "v1"."api_keys" ADD COLUMN "scope" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "v1"."api_keys" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "v1"."api_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "v1"."api_keys" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "v1"."api_keys" ADD COLUMN "last_used_ip" text;--> statement-breakpoint
ALTER TABLE "v1"."webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "v1"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "v1"."webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "v1"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "v1"."webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "v1"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "v1"."webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "v1"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_log_account_at_idx" ON "v1"."request_log" USING btree ("account_id","at");--> statement-breakpoint
CREATE INDEX "request_log_at_idx" ON "v1"."request_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "v1"."webhook_attempts" USING btree ("delivery_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_endpoint" ON "v1"."webhook_deliveries" USING btree ("event_id","endpoint_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "v1"."webhook_deliveries" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_account_idx" ON "v1"."webhook_endpoints" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "api_keys_account_idx" ON "v1"."api_keys" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "webhook_events_created_idx" ON "v1"."webhook_events" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "v1"."webhook_events" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "v1"."webhook_events" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "v1"."webhook_events" DROP COLUMN "last_response_status";--> statement-breakpoint
ALTER TABLE "v1"."webhook_events" DROP COLUMN "delivered_at";--> statement-breakpoint
ALTER TABLE "v1"."api_keys" ADD CONSTRAINT "api_keys_scope_known" CHECK ("v1"."api_keys"."scope" in ('full', 'read_only'));