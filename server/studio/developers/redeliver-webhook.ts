import "server-only";
import { redeliver } from "@/server/v1/services/webhooks/redeliver";
import type { StudioContext } from "../context";
import { developerAccount } from "./developer-account";
import { assertWebhooksEnabled } from "./webhooks-enabled";

/** "Redeliver": one more attempt of a delivery now; it shows in the delivery log within seconds. */
export async function redeliverWebhook(
  ctx: Pick<StudioContext, "db" | "events">,
  input: { workspaceId: string; deliveryId: string },
): Promise<void> {
  assertWebhooksEnabled();
  const { accountId } = await developerAccount(ctx, input.workspaceId);
  await redeliver(ctx, { accountId, deliveryId: input.deliveryId });
}
