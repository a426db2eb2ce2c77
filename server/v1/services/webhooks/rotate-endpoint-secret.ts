import "server-only";
import { and, eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { AppError } from "@/server/errors";
import { overlapProblem } from "@/shared/vocabulary";
import { newWebhookSecret, sealWebhookSecret } from "./webhook-secret";

/**
 * Gives an endpoint a new signing secret, shown this once. For `overlapHours` the old one
 * keeps signing too (both entries in `webhook-signature`; `X-Service-Signature` stays on
 * the old one until the overlap ends, D16), so the receiver can switch without missing
 * a delivery. 0 retires the old secret at once.
 */
export async function rotateEndpointSecret(
  db: Tx,
  input: { accountId: string; endpointId: string; overlapHours: number; now: Date },
): Promise<{ secret: string; previousSecretExpiresAt: Date | null }> {
  const problem = overlapProblem(input.overlapHours);
  if (problem) throw new AppError("invalid_request", problem);
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    const [endpoint] = await tx
      .select({ secret: webhookEndpoints.secret })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.accountId, input.accountId), eq(webhookEndpoints.id, input.endpointId)))
      .for("update");
    if (!endpoint) throw new AppError("not_found", "No such webhook endpoint.");
    const previousSecretExpiresAt = input.overlapHours > 0 ? new Date(input.now.getTime() + input.overlapHours * 3600_000) : null;
    await tx
      .update(webhookEndpoints)
      .set({
        secret: sealWebhookSecret(secret),
        previousSecret: previousSecretExpiresAt ? endpoint.secret : null,
        previousSecretExpiresAt,
        updatedAt: input.now,
      })
      .where(eq(webhookEndpoints.id, input.endpointId));
    return { secret, previousSecretExpiresAt };
  });
}
