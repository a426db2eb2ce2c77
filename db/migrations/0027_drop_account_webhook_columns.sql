ALTER TABLE "v1"."accounts" DROP COLUMN "webhook_url";--> statement-breakpoint
ALTER TABLE "v1"."accounts" DROP COLUMN "webhook_secret";