import "server-only";
import { createKey } from "@/server/v1/services/keys/create-key";
import type { KeyScope } from "@/shared/vocabulary";
import { recordAudit } from "../audit/record-audit";
import type { StudioContext } from "../context";
import { developerAccount, keyAuditTarget, studioActor } from "./developer-account";

/** A new key of the workspace's account; the secret is returned this once and never again (D16). */
export async function createApiKey(
  ctx: Pick<StudioContext, "db">,
  input: { workspaceId: string; userId: string; name: string; scope: KeyScope; ip?: string },
): Promise<{ id: string; apiKey: string; prefix: string }> {
  const { accountId } = await developerAccount(ctx, input.workspaceId);
  return ctx.db.transaction(async (tx) => {
    const key = await createKey(tx, { accountId, name: input.name, scope: input.scope, createdBy: studioActor(input.userId) });
    await recordAudit(tx, {
      workspaceId: input.workspaceId,
      actorUserId: input.userId,
      action: "api_key_created",
      target: keyAuditTarget({ name: input.name.trim(), prefix: key.prefix }),
      detail: { scope: input.scope },
      ip: input.ip,
    });
    return key;
  });
}
