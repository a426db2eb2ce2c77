ALTER TABLE "studio"."users" ADD COLUMN "starter_credits_granted_at" timestamp with time zone;--> statement-breakpoint
-- People who already own a workspace had their starter credits with it.
UPDATE "studio"."users" SET "starter_credits_granted_at" = now() WHERE EXISTS (SELECT 1 FROM "studio"."members" m WHERE m."user_id" = "studio"."users"."id" AND m."role" = 'owner');
