-- Hand-written: data changes, which drizzle-kit cannot express.
-- Studio accounts still as every workspace was provisioned before plans existed (business,
-- 10,000 units a month) wait for the sign-up plan, which the next start applies once with
-- the deployment's STUDIO_SIGNUP_PLAN (db/signup-plan.ts); an account the operator changed
-- (another plan or quota) keeps its plan, and its source says so.
UPDATE "v1"."accounts" a SET "plan_source" = 'legacy'
WHERE a."plan" = 'business' AND a."monthly_quota" = 10000
  AND EXISTS (SELECT 1 FROM "studio"."workspaces" w WHERE w."v1_account_id" = a."id"::text);
--> statement-breakpoint
-- Studio accounts mail their owners when a debit leaves fewer than 50 credits, as new ones do.
UPDATE "v1"."accounts" a SET "low_balance_threshold" = 50
WHERE EXISTS (SELECT 1 FROM "studio"."workspaces" w WHERE w."v1_account_id" = a."id"::text);
--> statement-breakpoint
-- Grants made before sources were recorded: the source their note names.
UPDATE "v1"."credit_ledger" SET "source" = CASE
  WHEN "note" = 'opening balance' THEN 'opening'
  WHEN "note" = 'starter credits (email confirmed)' THEN 'starter'
  ELSE 'operator' END
WHERE "kind" = 'grant';
