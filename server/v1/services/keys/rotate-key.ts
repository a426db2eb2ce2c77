import "server-only";
import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { AppError } from "@/server/errors";
import { overlapProblem } from "@/shared/vocabulary";
import { createKey, type CreatedKey } from "./create-key";
import { notifyKeyChange } from "./key-cache";
import { isLiveKey } from "./live-key";
import { revokeKey } from "./revoke-key";

/**
 * Replaces a live key with a new one of the same name and scope (D16). The old key keeps
 * working for `overlapHours` (clients switch meanwhile), or stops at once when it is 0.
 * A key already rotated gets its end moved to the new overlap's, never later. The old key
 * counts toward the account's working keys until its end, so a rotation with an overlap
 * is refused at the limit (create-key.ts).
 */
export async function rotateKey(
  db: Database,
  input: { accountId: string; keyId: string; overlapHours: number; createdBy?: string; now: Date },
): Promise<CreatedKey & { oldKeyExpiresAt: Date }> {
  const problem = overlapProblem(input.overlapHours);
  if (problem) throw new AppError("invalid_request", problem);
  const expiresAt = new Date(input.now.getTime() + input.overlapHours * 3600_000);
  const created = await db.transaction(async (tx) => {
    const [old] = await tx
      .select({ name: apiKeys.name, scope: apiKeys.scope, keyHash: apiKeys.keyHash, expiresAt: apiKeys.expiresAt })
      .from(apiKeys)
      .where(and(eq(apiKeys.accountId, input.accountId), eq(apiKeys.id, input.keyId), isLiveKey()))
      .for("update");
    if (!old) throw new AppError("not_found", "No such live key.");
    const key = await createKey(tx, {
      accountId: input.accountId,
      name: old.name,
      scope: old.scope,
      createdBy: input.createdBy,
      rotation: { overlap: input.overlapHours > 0 },
    });
    if (input.overlapHours > 0) {
      const end = old.expiresAt && old.expiresAt < expiresAt ? old.expiresAt : expiresAt;
      await tx.update(apiKeys).set({ expiresAt: end }).where(eq(apiKeys.id, input.keyId));
      // Instances that cached the key drop it, and learn its end on the next request.
      await notifyKeyChange(tx, `key:${old.keyHash}`);
    }
    return key;
  });
  if (input.overlapHours === 0) await revokeKey(db, { accountId: input.accountId, keyId: input.keyId, now: input.now });
  return { ...created, oldKeyExpiresAt: expiresAt };
}
