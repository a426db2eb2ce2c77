import "server-only";
import { and, eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { AppError } from "@/server/errors";

/**
 * Turns a disabled endpoint back on, with a fresh 5-day failure clock; what it missed
 * meanwhile can be redelivered by hand. `heldBy`: the person turning it on, who answers
 * for it from then on (release-held-endpoints.ts).
 */
export async function enableEndpoint(db: Tx, input: { accountId: string; endpointId: string; now: Date; heldBy?: string }): Promise<void> {
  const updated = await db
    .update(webhookEndpoints)
    .set({
      disabledAt: null,
      disabledReason: null,
      failingSince: null,
      updatedAt: input.now,
      ...(input.heldBy ? { heldBy: input.heldBy } : {}),
    })
    .where(and(eq(webhookEndpoints.accountId, input.accountId), eq(webhookEndpoints.id, input.endpointId)))
    .returning({ id: webhookEndpoints.id });
  if (updated.length === 0) throw new AppError("not_found", "No such webhook endpoint.");
}
