CREATE SEQUENCE "studio"."photo_positions" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "studio"."photos" ADD COLUMN "position" bigint;--> statement-breakpoint
ALTER TABLE "studio"."photos" ADD COLUMN "suggested_room_type" text;--> statement-breakpoint
ALTER TABLE "studio"."staging_batches" ADD COLUMN "photo_count" integer;--> statement-breakpoint
ALTER TABLE "studio"."uploads" ADD COLUMN "position" bigint;