import "server-only";
import { updateEndpoint } from "@/server/v1/services/webhooks/update-endpoint";
import type { WebhookEventType } from "@/shared/vocabulary";
import { recordAudit } from "../audit/record-audit";
import type { StudioContext } from "../context";
import { developerAccount } from "./developer-account";
import { endpointAuditTarget } from "./endpoint-audit";
import { assertWebhooksEnabled } from "./webhooks-enabled";

export async function updateWebhookEndpoint(
  ctx: Pick<StudioContext, "db" | "now">,
  input: {
    workspaceId: string;
    userId: string;
    endpointId: string;
    url: string;
    eventTypes: WebhookEventType[];
    description: string;
    ip?: string;
  },
): Promise<void> {
  assertWebhooksEnabled();
  const { accountId } = await developerAccount(ctx, input.workspaceId);
  await ctx.db.transaction(async (tx) => {
    const before = await endpointAuditTarget(tx, { accountId, endpointId: input.endpointId });
    await updateEndpoint(tx, {
      accountId,
      endpointId: input.endpointId,
      url: input.url,
      eventTypes: input.eventTypes,
      description: input.description,
      now: ctx.now(),
    });
    const after = await endpointAuditTarget(tx, { accountId, endpointId: input.endpointId });
    await recordAudit(tx, {
      workspaceId: input.workspaceId,
      actorUserId: input.userId,
      action: "webhook_endpoint_updated",
      target: after,
      detail: { ...(before !== after ? { previous_url: before } : {}), events: input.eventTypes.join(", ") },
      ip: input.ip,
    });
  });
}
