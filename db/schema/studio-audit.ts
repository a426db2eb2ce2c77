/**
 * The audit log of each workspace: who did what, when and from which address
 * (server/studio/audit/record-audit.ts; action names in shared/audit-actions.ts).
 * Append-only: a trigger (the `audit_append_only_and_workspace_makers` migration) refuses UPDATE, DELETE and TRUNCATE, except
 * the rows of a workspace being deleted, whose log goes with it.
 */
import { bigserial, index, jsonb, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { studio, workspaceColumn } from "./studio";
import type { AuditAction, AuditDetail } from "../../shared/audit-actions";

export const auditEvents = studio.table(
  "audit_events",
  {
    /** Also the log's order: two events of one transaction share a time, never an id. */
    id: bigserial("id", { mode: "number" }).primaryKey(),
    workspaceId: workspaceColumn(),
    /** No foreign key: the log outlives the person. Null for the system (a payment event, a start-up repair). */
    actorUserId: uuid("actor_user_id"),
    /** The actor's address when the event happened. */
    actorEmail: text("actor_email"),
    action: text("action").$type<AuditAction>().notNull(),
    /** What the action was done to, as people read it: an address, a key prefix, a listing's address. */
    target: text("target"),
    detail: jsonb("detail").$type<AuditDetail>().notNull().default({}),
    /** The client's address by the proxy rule (server/auth/client-ip.ts); null when not from a request. */
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_events_workspace_idx").on(t.workspaceId, t.id)],
);
