import "server-only";
import { and, eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { AppError } from "@/server/errors";

/** Removes an endpoint with its delivery log; deliveries waiting for a retry stop at their next attempt. */
export async function deleteEndpoint(db: Tx, input: { accountId: string; endpointId: string }): Promise<void> {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, input.accountId), eq(webhookEndpoints.id, input.endpointId)))
    .returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw new AppError("not_found", "No such webhook endpoint.");
}
