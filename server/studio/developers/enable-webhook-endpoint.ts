import "server-only";
import { enableEndpoint } from "@/server/v1/services/webhooks/enable-endpoint";
import type { StudioContext } from "../context";
import { developerAccount } from "./developer-account";
import { assertWebhooksEnabled } from "./webhooks-enabled";

/** Turns a disabled endpoint back on. */
export async function enableWebhookEndpoint(ctx: Pick<StudioContext, "db" | "now">, input: { workspaceId: string; endpointId: string }): Promise<void> {
  assertWebhooksEnabled();
  const { accountId } = await developerAccount(ctx, input.workspaceId);
  await enableEndpoint(ctx.db, { accountId, endpointId: input.endpointId, now: ctx.now() });
}
