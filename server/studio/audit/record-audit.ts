/**
 * Writes one event to a workspace's audit log (owners and admins read it in Settings →
 * Audit log, and export it as CSV). Call it inside the transaction that makes the change,
 * with that transaction as `db`, so the event is written exactly when the change is:
 *
 *   await ctx.db.transaction(async (tx) => {
 *     await tx.update(...);                       // the change itself
 *     await recordAudit(tx, {
 *       workspaceId,
 *       actorUserId: ctx.user.id,                 // null for the system (a Stripe event)
 *       action: "api_key_revoked",                // a name from shared/audit-actions.ts
 *       target: "idk_AbC123…",                    // what it was done to, as people read it
 *       detail: { scope: "read_only" },           // optional small facts: strings, numbers, booleans
 *       ip: input.ip,                             // tRPC: ctx.ip (the proxy rule); omit when not from a request
 *     });
 *   });
 *
 * The actor's address at this moment is kept beside their id, so the log still says who
 * it was after they leave. The log is append-only (a database trigger refuses UPDATE and
 * DELETE), so nothing here or elsewhere can rewrite it. The time is the database's.
 */
import "server-only";
import { sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { users } from "@/db/schema/studio";
import { auditEvents } from "@/db/schema/studio-audit";
import type { AuditAction, AuditDetail } from "@/shared/audit-actions";

export interface AuditEventInput {
  workspaceId: string;
  actorUserId: string | null;
  action: AuditAction;
  target?: string | null;
  detail?: AuditDetail;
  /** The client's address (server/auth/client-ip.ts); "unknown" is stored as none. */
  ip?: string | null;
}

export async function recordAudit(db: Tx, input: AuditEventInput): Promise<void> {
  const actorEmail = input.actorUserId ? sql`(select ${users.email} from ${users} where ${users.id} = ${input.actorUserId})` : null;
  await db.insert(auditEvents).values({
    workspaceId: input.workspaceId,
    actorUserId: input.actorUserId,
    actorEmail,
    action: input.action,
    target: input.target ?? null,
    detail: input.detail ?? {},
    ip: input.ip && input.ip !== "unknown" ? input.ip : null,
  });
}
