import "server-only";
import { createEndpoint } from "@/server/v1/services/webhooks/create-endpoint";
import type { WebhookEventType } from "@/shared/vocabulary";
import { recordAudit } from "../audit/record-audit";
import type { StudioContext } from "../context";
import { developerAccount, studioActor } from "./developer-account";
import { endpointAuditTarget } from "./endpoint-audit";
import { assertWebhooksEnabled } from "./webhooks-enabled";

/** A new endpoint of the workspace's account; its signing secret is returned this once (D16). */
export async function createWebhookEndpoint(
  ctx: Pick<StudioContext, "db">,
  input: { workspaceId: string; userId: string; url: string; eventTypes: WebhookEventType[]; description: string; ip?: string },
): Promise<{ endpointId: string; secret: string }> {
  assertWebhooksEnabled();
  const { accountId } = await developerAccount(ctx, input.workspaceId);
  return ctx.db.transaction(async (tx) => {
    const created = await createEndpoint(tx, {
      accountId,
      url: input.url,
      eventTypes: input.eventTypes,
      description: input.description,
      createdBy: studioActor(input.userId),
    });
    await recordAudit(tx, {
      workspaceId: input.workspaceId,
      actorUserId: input.userId,
      action: "webhook_endpoint_created",
      target: await endpointAuditTarget(tx, { accountId, endpointId: created.endpointId }),
      detail: { events: input.eventTypes.join(", ") },
      ip: input.ip,
    });
    return created;
  });
}
