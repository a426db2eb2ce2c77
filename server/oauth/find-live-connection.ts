import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { connectedApps } from "@/db/schema";

export type LiveConnection = typeof connectedApps.$inferSelect;

/** A connected app that still works: not revoked (its approver left, or someone revoked it). Null for anything else, a malformed id included. */
export async function findLiveConnection(id: string): Promise<LiveConnection | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select()
    .from(connectedApps)
    .where(and(eq(connectedApps.id, id), isNull(connectedApps.revokedAt)));
  return row ?? null;
}
