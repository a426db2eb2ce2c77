import "server-only";
import { updateEndpoint } from "@/server/v1/services/webhooks/update-endpoint";
import type { WebhookEventType } from "@/shared/developer-vocabulary";
import type { StudioContext } from "../context";
import { developerAccount } from "./developer-account";
import { assertWebhooksEnabled } from "./webhooks-enabled";

export async function updateWebhookEndpoint(
  ctx: Pick<StudioContext, "db" | "now">,
  input: { workspaceId: string; endpointId: string; url: string; eventTypes: WebhookEventType[]; description: string },
): Promise<void> {
  assertWebhooksEnabled();
  const { accountId } = await developerAccount(ctx, input.workspaceId);
  await updateEndpoint(ctx.db, { accountId, endpointId: input.endpointId, url: input.url, eventTypes: input.eventTypes, description: input.description, now: ctx.now() });
}
