import "server-only";
import { deleteEndpoint } from "@/server/v1/services/webhooks/delete-endpoint";
import { recordAudit } from "../audit/record-audit";
import type { StudioContext } from "../context";
import { developerAccount } from "./developer-account";
import { endpointAuditTarget } from "./endpoint-audit";

/** Removes an endpoint and its delivery log (allowed even where webhooks are off, so nothing is left behind). */
export async function deleteWebhookEndpoint(
  ctx: Pick<StudioContext, "db">,
  input: { workspaceId: string; userId: string; endpointId: string; ip?: string },
): Promise<void> {
  const { accountId } = await developerAccount(ctx, input.workspaceId);
  await ctx.db.transaction(async (tx) => {
    const target = await endpointAuditTarget(tx, { accountId, endpointId: input.endpointId });
    await deleteEndpoint(tx, { accountId, endpointId: input.endpointId });
    await recordAudit(tx, {
      workspaceId: input.workspaceId,
      actorUserId: input.userId,
      action: "webhook_endpoint_removed",
      target,
      ip: input.ip,
    });
  });
}
