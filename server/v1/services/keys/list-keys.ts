import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { isLiveKey } from "./live-key";

export type KeySummary = Awaited<ReturnType<typeof listKeys>>[number];

/**
 * The account's live keys, oldest first (D16); last use is as the request log last wrote it.
 * The hash is there only so a caller can recognise a key it holds; it is never shown.
 */
export async function listKeys(db: Tx, input: { accountId: string }) {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      keyHash: apiKeys.keyHash,
      scope: apiKeys.scope,
      createdBy: apiKeys.createdBy,
      heldBy: apiKeys.heldBy,
      createdAt: apiKeys.createdAt,
      expiresAt: apiKeys.expiresAt,
      lastUsedAt: apiKeys.lastUsedAt,
      lastUsedIp: apiKeys.lastUsedIp,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, input.accountId), isLiveKey()))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
}
