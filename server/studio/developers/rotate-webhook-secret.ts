import "server-only";
import { rotateEndpointSecret } from "@/server/v1/services/webhooks/rotate-endpoint-secret";
import type { StudioContext } from "../context";
import { developerAccount } from "./developer-account";
import { assertWebhooksEnabled } from "./webhooks-enabled";

/** A new signing secret, returned this once; the old one keeps signing for the chosen overlap (D16). */
export async function rotateWebhookSecret(
  ctx: Pick<StudioContext, "db" | "now">,
  input: { workspaceId: string; endpointId: string; overlapHours: number },
): Promise<{ secret: string; previousSecretExpiresAt: Date | null }> {
  assertWebhooksEnabled();
  const { accountId } = await developerAccount(ctx, input.workspaceId);
  return rotateEndpointSecret(ctx.db, { accountId, endpointId: input.endpointId, overlapHours: input.overlapHours, now: ctx.now() });
}
