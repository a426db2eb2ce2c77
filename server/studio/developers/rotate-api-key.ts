import "server-only";
import { rotateKey } from "@/server/v1/services/keys/rotate-key";
import { recordAudit } from "../audit/record-audit";
import type { StudioContext } from "../context";
import { keyAuditTarget, studioActor } from "./developer-account";
import { changeableKey } from "./changeable-key";

/** A new key in place of one; the old keeps working for the chosen overlap (D16). The new secret is returned this once. */
export async function rotateApiKey(
  ctx: Pick<StudioContext, "db" | "now">,
  input: { workspaceId: string; userId: string; keyId: string; overlapHours: number; ip?: string },
): Promise<{ id: string; apiKey: string; prefix: string; oldKeyExpiresAt: Date }> {
  const { accountId, key } = await changeableKey(ctx, input);
  const rotated = await rotateKey(ctx.db, {
    accountId,
    keyId: input.keyId,
    overlapHours: input.overlapHours,
    createdBy: studioActor(input.userId),
    now: ctx.now(),
  });
  // Written after the change, not in its transaction: a key change returns only once every
  // instance acknowledged it, which they can only do once it is committed (key-cache.ts).
  await recordAudit(ctx.db, {
    workspaceId: input.workspaceId,
    actorUserId: input.userId,
    action: "api_key_rotated",
    target: keyAuditTarget(key),
    detail: { new_key: `${rotated.prefix}…`, overlap_hours: input.overlapHours },
    ip: input.ip,
  });
  return rotated;
}
