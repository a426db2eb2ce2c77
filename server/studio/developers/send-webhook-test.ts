import "server-only";
import { sendTestEvent } from "@/server/v1/services/webhooks/send-test-event";
import type { StudioContext } from "../context";
import { developerAccount } from "./developer-account";

/** "Send test event": a signed `webhook.test` to one endpoint, shown in its delivery log. */
export async function sendWebhookTest(
  ctx: StudioContext,
  input: { workspaceId: string; endpointId: string },
): Promise<{ eventId: string }> {
  const { accountId } = await developerAccount(ctx, input.workspaceId);
  const { eventId } = await sendTestEvent(ctx, { accountId, endpointId: input.endpointId });
  return { eventId };
}
