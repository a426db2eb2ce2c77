ALTER TABLE "v1"."job_groups" ADD COLUMN "source_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "v1"."job_groups" ADD COLUMN "inspiration_key" text;--> statement-breakpoint
ALTER TABLE "v1"."render_views" ADD COLUMN "source_key" text NOT NULL;