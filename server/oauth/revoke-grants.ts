import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { oauthRecords } from "@/db/schema";

/**
 * Deletes grants and every code and token issued under them, in the caller's transaction:
 * from its commit, the MCP server refuses their access tokens and the token endpoint their
 * refresh tokens.
 */
export async function revokeGrants(tx: Tx, grantIds: string[]): Promise<void> {
  if (grantIds.length === 0) return;
  await tx.delete(oauthRecords).where(inArray(oauthRecords.grantId, grantIds));
  await tx.delete(oauthRecords).where(and(eq(oauthRecords.model, "Grant"), inArray(oauthRecords.id, grantIds)));
}
