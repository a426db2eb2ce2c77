import "server-only";
import { enableEndpoint } from "@/server/v1/services/webhooks/enable-endpoint";
import { recordAudit } from "../audit/record-audit";
import type { StudioContext } from "../context";
import { developerAccount, studioActor } from "./developer-account";
import { endpointAuditTarget } from "./endpoint-audit";
import { assertWebhooksEnabled } from "./webhooks-enabled";

/** Turns a disabled endpoint back on; the person who does answers for it from now (its holder). */
export async function enableWebhookEndpoint(
  ctx: Pick<StudioContext, "db" | "now">,
  input: { workspaceId: string; userId: string; endpointId: string; ip?: string },
): Promise<void> {
  assertWebhooksEnabled();
  const { accountId } = await developerAccount(ctx, input.workspaceId);
  await ctx.db.transaction(async (tx) => {
    await enableEndpoint(tx, { accountId, endpointId: input.endpointId, now: ctx.now(), heldBy: studioActor(input.userId) });
    await recordAudit(tx, {
      workspaceId: input.workspaceId,
      actorUserId: input.userId,
      action: "webhook_endpoint_enabled",
      target: await endpointAuditTarget(tx, { accountId, endpointId: input.endpointId }),
      ip: input.ip,
    });
  });
}
