-- Written by hand (drizzle-kit generate --custom): a data move drizzle-kit cannot express.
-- Each account's one endpoint set by `npm run admin -- webhook set` (D11) becomes a row of
-- webhook_endpoints with both event types and the same secret (sealed or not, as stored);
-- the next migration drops the old columns.
INSERT INTO "v1"."webhook_endpoints" ("account_id", "url", "event_types", "secret", "created_by")
SELECT "id", "webhook_url", ARRAY['job.completed', 'job.failed'], "webhook_secret", 'admin'
FROM "v1"."accounts"
WHERE "webhook_url" IS NOT NULL AND "webhook_secret" IS NOT NULL;
