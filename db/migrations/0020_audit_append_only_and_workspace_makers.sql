-- Written by hand (drizzle-kit cannot express triggers or data backfills).
-- studio.audit_events is append-only: every UPDATE, DELETE and TRUNCATE is refused, except
-- the DELETE cascading from a workspace being deleted (its log goes with everything in it).
CREATE FUNCTION "studio"."audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM "studio"."workspaces" WHERE "id" = OLD."workspace_id") THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'studio.audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_events_no_change" BEFORE UPDATE OR DELETE ON "studio"."audit_events"
  FOR EACH ROW EXECUTE FUNCTION "studio"."audit_events_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "studio"."audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "studio"."audit_events_append_only"();
--> statement-breakpoint
-- Who made each existing workspace: its creator joined in the transaction that made it,
-- so their membership carries the workspace's own created_at (a data backfill, which
-- drizzle-kit does not generate).
UPDATE "studio"."workspaces" AS w SET "created_by" = m."user_id"
  FROM "studio"."members" AS m
  WHERE m."workspace_id" = w."id" AND m."created_at" = w."created_at" AND w."created_by" IS NULL;
