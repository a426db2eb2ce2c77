import "server-only";
import { rotateEndpointSecret } from "@/server/v1/services/webhooks/rotate-endpoint-secret";
import { recordAudit } from "../audit/record-audit";
import type { StudioContext } from "../context";
import { developerAccount } from "./developer-account";
import { endpointAuditTarget } from "./endpoint-audit";
import { assertWebhooksEnabled } from "./webhooks-enabled";

/** A new signing secret, returned this once; the old one keeps signing for the chosen overlap (D16). */
export async function rotateWebhookSecret(
  ctx: Pick<StudioContext, "db" | "now">,
  input: { workspaceId: string; userId: string; endpointId: string; overlapHours: number; ip?: string },
): Promise<{ secret: string; previousSecretExpiresAt: Date | null }> {
  assertWebhooksEnabled();
  const { accountId } = await developerAccount(ctx, input.workspaceId);
  return ctx.db.transaction(async (tx) => {
    const rotated = await rotateEndpointSecret(tx, {
      accountId,
      endpointId: input.endpointId,
      overlapHours: input.overlapHours,
      now: ctx.now(),
    });
    await recordAudit(tx, {
      workspaceId: input.workspaceId,
      actorUserId: input.userId,
      action: "webhook_secret_rotated",
      target: await endpointAuditTarget(tx, { accountId, endpointId: input.endpointId }),
      detail: { overlap_hours: input.overlapHours },
      ip: input.ip,
    });
    return rotated;
  });
}
