ALTER TABLE "studio"."share_links" ALTER COLUMN "token" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "studio"."share_links" ADD COLUMN "token_hash" text;--> statement-breakpoint
-- Existing links keep working: their hash is filled here; the app seals their plaintext token at start.
UPDATE "studio"."share_links" SET "token_hash" = encode(sha256(convert_to("token", 'UTF8')), 'hex') WHERE "token_hash" IS NULL;--> statement-breakpoint
ALTER TABLE "studio"."share_links" ALTER COLUMN "token_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "studio"."share_links" ADD COLUMN "token_sealed" text;--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_token_hash_unique" ON "studio"."share_links" USING btree ("token_hash");
