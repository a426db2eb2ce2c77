import "server-only";
import { and, desc, eq, lt } from "drizzle-orm";
import { users } from "@/db/schema/studio";
import { auditEvents } from "@/db/schema/studio-audit";
import type { AuditAction, AuditDetail } from "@/shared/audit-actions";
import type { StudioContext } from "../context";

export interface AuditEventRow {
  id: number;
  at: Date;
  action: AuditAction;
  /** The actor's name now (null once they are gone), and their address when it happened. */
  actorName: string | null;
  actorEmail: string | null;
  target: string | null;
  detail: AuditDetail;
  ip: string | null;
}

export const AUDIT_PAGE_SIZE = 50;

/** A workspace's audit log, newest first, a page at a time: `before` is the last id of the previous page. */
export async function listAuditEvents(
  ctx: Pick<StudioContext, "db">,
  input: { workspaceId: string; before?: number; limit?: number },
): Promise<{ events: AuditEventRow[]; nextBefore: number | null }> {
  const limit = input.limit ?? AUDIT_PAGE_SIZE;
  const rows = await ctx.db
    .select({
      id: auditEvents.id,
      at: auditEvents.createdAt,
      action: auditEvents.action,
      actorName: users.name,
      actorEmail: auditEvents.actorEmail,
      target: auditEvents.target,
      detail: auditEvents.detail,
      ip: auditEvents.ip,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(and(eq(auditEvents.workspaceId, input.workspaceId), input.before ? lt(auditEvents.id, input.before) : undefined))
    .orderBy(desc(auditEvents.id))
    .limit(limit + 1);
  const events = rows.slice(0, limit);
  return { events, nextBefore: rows.length > limit ? events[events.length - 1].id : null };
}
