import "server-only";
import { deleteEndpoint } from "@/server/v1/services/webhooks/delete-endpoint";
import type { StudioContext } from "../context";
import { developerAccount } from "./developer-account";

/** Removes an endpoint and its delivery log (allowed even where webhooks are off, so nothing is left behind). */
export async function deleteWebhookEndpoint(ctx: Pick<StudioContext, "db">, input: { workspaceId: string; endpointId: string }): Promise<void> {
  const { accountId } = await developerAccount(ctx, input.workspaceId);
  await deleteEndpoint(ctx.db, { accountId, endpointId: input.endpointId });
}
