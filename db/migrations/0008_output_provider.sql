ALTER TABLE "v1"."render_views" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "studio"."generation_outputs" ADD COLUMN "provider" text;