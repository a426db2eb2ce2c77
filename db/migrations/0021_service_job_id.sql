ALTER TABLE "studio"."generation_outputs" RENAME COLUMN "v1_job_id" TO "service_job_id";--> statement-breakpoint
ALTER TABLE "studio"."generations" RENAME COLUMN "v1_id" TO "service_job_id";--> statement-breakpoint
ALTER TABLE "studio"."usage_entries" RENAME COLUMN "v1_job_id" TO "service_job_id";--> statement-breakpoint
DROP INDEX "studio"."usage_entries_charge_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "usage_entries_charge_unique" ON "studio"."usage_entries" USING btree ("service_job_id","operation","attempt");