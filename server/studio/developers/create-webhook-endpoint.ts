import "server-only";
import { createEndpoint } from "@/server/v1/services/webhooks/create-endpoint";
import type { WebhookEventType } from "@/shared/developer-vocabulary";
import type { StudioContext } from "../context";
import { developerAccount, studioActor } from "./developer-account";
import { assertWebhooksEnabled } from "./webhooks-enabled";

/** A new endpoint of the workspace's account; its signing secret is returned this once (D16). */
export async function createWebhookEndpoint(
  ctx: Pick<StudioContext, "db">,
  input: { workspaceId: string; userId: string; url: string; eventTypes: WebhookEventType[]; description: string },
): Promise<{ endpointId: string; secret: string }> {
  assertWebhooksEnabled();
  const { accountId } = await developerAccount(ctx, input.workspaceId);
  return createEndpoint(ctx.db, { accountId, url: input.url, eventTypes: input.eventTypes, description: input.description, createdBy: studioActor(input.userId) });
}
