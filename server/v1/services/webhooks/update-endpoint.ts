import "server-only";
import { and, eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { AppError } from "@/server/errors";
import { checkEndpointUrl } from "./check-endpoint-url";
import { checkDescription, checkEventTypes } from "./endpoint-fields";

/** Changes an endpoint's address, event types or description; its secret stays. */
export async function updateEndpoint(
  db: Tx,
  input: { accountId: string; endpointId: string; url?: string; eventTypes?: readonly string[]; description?: string; now: Date },
): Promise<void> {
  const changes = {
    ...(input.url !== undefined ? { url: await checkEndpointUrl(input.url) } : {}),
    ...(input.eventTypes !== undefined ? { eventTypes: checkEventTypes(input.eventTypes) } : {}),
    ...(input.description !== undefined ? { description: checkDescription(input.description) } : {}),
  };
  const updated = await db
    .update(webhookEndpoints)
    .set({ ...changes, updatedAt: input.now })
    .where(and(eq(webhookEndpoints.accountId, input.accountId), eq(webhookEndpoints.id, input.endpointId)))
    .returning({ id: webhookEndpoints.id });
  if (updated.length === 0) throw new AppError("not_found", "No such webhook endpoint.");
}
