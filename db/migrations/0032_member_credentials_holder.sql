ALTER TABLE "v1"."api_keys" ADD COLUMN "held_by" text;--> statement-breakpoint
ALTER TABLE "v1"."webhook_endpoints" ADD COLUMN "held_by" text;