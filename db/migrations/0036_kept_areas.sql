ALTER TABLE "v1"."job_groups" ADD COLUMN "keep_mask_key" text;--> statement-breakpoint
ALTER TABLE "v1"."render_views" ADD COLUMN "keep_mask_key" text;--> statement-breakpoint
ALTER TABLE "studio"."photos" ADD COLUMN "keep_mask_key" text;--> statement-breakpoint
ALTER TABLE "studio"."photos" ADD COLUMN "kept_areas" jsonb;