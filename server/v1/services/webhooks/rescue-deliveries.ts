import "server-only";
import { and, asc, eq, isNull, lt, or } from "drizzle-orm";
import { webhookDeliveries } from "@/db/schema";
import type { VerbContext } from "@/server/context";
import { webhookDeliveryRequested } from "@/inngest/events";

/** How long past its due time (and any claim) a delivery may wait before the sweep steps in. */
const GRACE_MS = 2 * 60_000;

/**
 * The sweep behind "at least once" (D16): deliveries still waiting well past their due
 * time — their first attempt's process died, or their run was lost — get a durable run
 * again (one per delivery and attempt count, so repeated sweeps start it once). A run
 * that was only late meets the new one at the claim and no attempt is made twice at once.
 */
export async function rescueDeliveries(ctx: Pick<VerbContext, "db" | "now" | "events">, input: { limit: number }): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - GRACE_MS);
  const stranded = await ctx.db
    .select({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, "pending"),
        lt(webhookDeliveries.nextAttemptAt, cutoff),
        or(isNull(webhookDeliveries.claimedUntil), lt(webhookDeliveries.claimedUntil, cutoff)),
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(input.limit);
  if (stranded.length === 0) return 0;
  await ctx.events.send(
    stranded.map((d) => webhookDeliveryRequested.create({ deliveryId: d.id }, { id: `webhook-rescue-${d.id}-${d.attempts}` })),
  );
  return stranded.length;
}
