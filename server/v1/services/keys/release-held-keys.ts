import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { apiKeys } from "@/db/schema";
import type { KeyChangeNotifier } from "./key-cache";
import { isLiveKey } from "./live-key";

/** Who answers for a key now: the one it was handed to, else its maker. */
export const keyHolder = () => sql<string | null>`coalesce(${apiKeys.heldBy}, ${apiKeys.createdBy})`;

/**
 * The working keys of an account that `holder` answers for (`user:<id>`), revoked at once
 * (every instance told through `notify`, in the caller's transaction) or, with `handTo`,
 * handed to that person: they keep working and keep their maker. Returns the keys, named.
 */
export async function releaseHeldKeys(
  tx: Tx,
  input: { accountId: string; holder: string; handTo: string | null; now: Date; notify: KeyChangeNotifier },
): Promise<{ name: string; prefix: string }[]> {
  const held = await tx
    .select({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, keyHash: apiKeys.keyHash })
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, input.accountId), eq(keyHolder(), input.holder), isLiveKey()))
    .orderBy(apiKeys.createdAt)
    .for("update");
  if (held.length === 0) return [];
  const ids = held.map((key) => key.id);
  if (input.handTo) {
    await tx.update(apiKeys).set({ heldBy: input.handTo }).where(inArray(apiKeys.id, ids));
  } else {
    await tx.update(apiKeys).set({ revokedAt: input.now }).where(inArray(apiKeys.id, ids));
    for (const key of held) await input.notify(`key:${key.keyHash}`);
  }
  return held.map(({ name, prefix }) => ({ name, prefix }));
}
