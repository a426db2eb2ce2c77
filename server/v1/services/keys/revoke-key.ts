import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { AppError } from "@/server/errors";
import { notifyKeyChange, withKeyChangeAcknowledged } from "./key-cache";

/**
 * Revokes the live key whose prefix matches; an ambiguous or unknown prefix is refused.
 * Returns once every instance has dropped the key from its cache (key-cache.ts).
 */
export async function revokeKey(db: Database, input: { prefix: string; now?: Date }): Promise<{ revoked: string }> {
  const live = await db
    .select({ id: apiKeys.id, prefix: apiKeys.prefix, keyHash: apiKeys.keyHash })
    .from(apiKeys)
    .where(and(eq(apiKeys.prefix, input.prefix), isNull(apiKeys.revokedAt)));
  if (live.length === 0) throw new AppError("not_found", "No live key has this prefix.");
  if (live.length > 1) throw new AppError("invalid_request", "Several keys share this prefix; give a longer one.");
  await withKeyChangeAcknowledged(db, async (tx, id) => {
    await tx.update(apiKeys).set({ revokedAt: input.now ?? new Date() }).where(eq(apiKeys.id, live[0].id));
    await notifyKeyChange(tx, `key:${live[0].keyHash}`, id);
  });
  return { revoked: live[0].prefix };
}
