import "server-only";
import { revokeKey } from "@/server/v1/services/keys/revoke-key";
import { recordAudit } from "../audit/record-audit";
import type { StudioContext } from "../context";
import { keyAuditTarget } from "./developer-account";
import { changeableKey } from "./changeable-key";

/** Revokes a key of the workspace's account at once: once this returns, every instance refuses it (D16). */
export async function revokeApiKey(
  ctx: Pick<StudioContext, "db" | "now">,
  input: { workspaceId: string; userId: string; keyId: string; ip?: string },
): Promise<{ revoked: string }> {
  const { accountId, key } = await changeableKey(ctx, input);
  const revoked = await revokeKey(ctx.db, { accountId, keyId: input.keyId, now: ctx.now() });
  // After the change, as in rotate-api-key.ts: the revocation waits for every instance's acknowledgment.
  await recordAudit(ctx.db, {
    workspaceId: input.workspaceId,
    actorUserId: input.userId,
    action: "api_key_revoked",
    target: keyAuditTarget(key),
    ip: input.ip,
  });
  return revoked;
}
