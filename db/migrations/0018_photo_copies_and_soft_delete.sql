-- Rows stored before thumbnail and display copies existed start unresized (made on first request); new rows default to resized.
ALTER TABLE "studio"."photos" ADD COLUMN "resized" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "studio"."photos" ALTER COLUMN "resized" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "studio"."photos" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "studio"."generation_outputs" ADD COLUMN "resized" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "studio"."generation_outputs" ALTER COLUMN "resized" SET DEFAULT true;
