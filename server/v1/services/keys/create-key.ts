import "server-only";
import { and, count, eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { accounts, apiKeys } from "@/db/schema";
import { AppError } from "@/server/errors";
import { MAX_KEY_NAME_LENGTH, MAX_LIVE_KEYS, type KeyScope } from "@/shared/vocabulary";
import { generateApiKey, hashApiKey, keyPrefix } from "./api-key";
import { isLiveKey } from "./live-key";

export interface CreateKeyInput {
  accountId: string;
  name?: string;
  scope?: KeyScope;
  /** `user:<studio user id>`, `studio` or `admin` (api_keys.created_by). */
  createdBy?: string;
  /**
   * Set by a rotation. With no overlap the new key replaces the old at once, so the count
   * does not grow; with one, both work until it ends and both count (round 4, N2).
   */
  rotation?: { overlap: boolean };
}

export interface CreatedKey {
  id: string;
  apiKey: string;
  prefix: string;
}

const CREATION_AT_LIMIT = `An account can have at most ${MAX_LIVE_KEYS} working keys, rotated keys still in their overlap included. Revoke one you no longer use first.`;
const ROTATION_AT_LIMIT = `An account can have at most ${MAX_LIVE_KEYS} working keys, and a rotated key works until its overlap ends. Revoke a key you no longer use, or rotate with no overlap (the old key stops at once).`;

/** Issues a new key for an account, at most MAX_LIVE_KEYS working at once (D16); the returned secret is never stored. */
export async function createKey(db: Tx, input: CreateKeyInput): Promise<CreatedKey> {
  const name = (input.name ?? "").trim();
  if (name.length > MAX_KEY_NAME_LENGTH)
    throw new AppError("invalid_request", `A key's name is at most ${MAX_KEY_NAME_LENGTH} characters.`);
  // The account row is locked so two creations at once cannot both pass the limit (a savepoint inside a caller's transaction).
  return db.transaction(async (tx) => {
    const [account] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, input.accountId)).for("update");
    if (!account) throw new AppError("not_found", "No such account.");
    if (input.rotation?.overlap !== false) {
      const [{ live }] = await tx
        .select({ live: count() })
        .from(apiKeys)
        .where(and(eq(apiKeys.accountId, input.accountId), isLiveKey()));
      if (live >= MAX_LIVE_KEYS) throw new AppError("conflict", input.rotation ? ROTATION_AT_LIMIT : CREATION_AT_LIMIT);
    }
    const apiKey = generateApiKey();
    const [row] = await tx
      .insert(apiKeys)
      .values({
        accountId: input.accountId,
        prefix: keyPrefix(apiKey),
        keyHash: hashApiKey(apiKey),
        name,
        scope: input.scope ?? "full",
        createdBy: input.createdBy ?? null,
      })
      .returning({ id: apiKeys.id });
    return { id: row.id, apiKey, prefix: keyPrefix(apiKey) };
  });
}
