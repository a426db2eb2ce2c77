import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { AppError } from "@/server/errors";
import { withKeyChangeAcknowledged } from "./key-cache";

/** Which key: by prefix (the command line), or by id within an account (the studio's Developers section). */
export type KeySelector = { prefix: string } | { accountId: string; keyId: string };

/**
 * Revokes one unrevoked key (a rotated key still in its overlap included); an ambiguous
 * or unknown prefix is refused. Returns once every instance has dropped the key from its
 * cache (key-cache.ts), so the next request with it is refused.
 */
export async function revokeKey(db: Database, input: KeySelector & { now?: Date }): Promise<{ revoked: string }> {
  const which =
    "prefix" in input ? eq(apiKeys.prefix, input.prefix) : and(eq(apiKeys.accountId, input.accountId), eq(apiKeys.id, input.keyId));
  const live = await db
    .select({ id: apiKeys.id, prefix: apiKeys.prefix, keyHash: apiKeys.keyHash })
    .from(apiKeys)
    .where(and(which, isNull(apiKeys.revokedAt)));
  if (live.length === 0)
    throw new AppError("not_found", "prefix" in input ? "No live key has this prefix." : "No such key, or it was revoked already.");
  if (live.length > 1) throw new AppError("invalid_request", "Several keys share this prefix; give a longer one.");
  await withKeyChangeAcknowledged(db, async (tx, notify) => {
    await tx
      .update(apiKeys)
      .set({ revokedAt: input.now ?? new Date() })
      .where(eq(apiKeys.id, live[0].id));
    await notify(`key:${live[0].keyHash}`);
  });
  return { revoked: live[0].prefix };
}
