import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";

export type EndpointSummary = Awaited<ReturnType<typeof listEndpoints>>[number];

/** The account's webhook endpoints (or the one asked for), oldest first, without their secrets. */
export async function listEndpoints(db: Tx, input: { accountId: string; endpointId?: string }) {
  return db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      description: webhookEndpoints.description,
      eventTypes: webhookEndpoints.eventTypes,
      createdBy: webhookEndpoints.createdBy,
      heldBy: webhookEndpoints.heldBy,
      createdAt: webhookEndpoints.createdAt,
      previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
      failingSince: webhookEndpoints.failingSince,
      disabledAt: webhookEndpoints.disabledAt,
      disabledReason: webhookEndpoints.disabledReason,
    })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, input.accountId), input.endpointId ? eq(webhookEndpoints.id, input.endpointId) : undefined))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}
