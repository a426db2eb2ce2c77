import "server-only";
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { webhookDeliveryRequested } from "@/inngest/events";
import { AppError } from "@/server/errors";
import type { VerbContext } from "@/server/context";

/** "Redeliver": one more attempt of a delivery now, outside its retry schedule, whatever its state (a durable run of one attempt). */
export async function redeliver(ctx: Pick<VerbContext, "db" | "events">, input: { accountId: string; deliveryId: string }): Promise<void> {
  const [row] = await ctx.db
    .select({ disabledAt: webhookEndpoints.disabledAt })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, input.deliveryId), eq(webhookEndpoints.accountId, input.accountId)));
  if (!row) throw new AppError("not_found", "No such delivery.");
  if (row.disabledAt) throw new AppError("conflict", "This endpoint is disabled. Enable it first.");
  await ctx.events.send(
    webhookDeliveryRequested.create({ deliveryId: input.deliveryId, manual: true }, { id: `webhook-redeliver-${crypto.randomUUID()}` }),
  );
}
