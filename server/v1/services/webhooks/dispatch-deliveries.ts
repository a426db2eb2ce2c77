/**
 * The first attempt of each new delivery, made at once in this process (D16: an event
 * reaches its receivers within moments, at hundreds per second) rather than through a
 * durable run per event. What this cannot or should not do goes to the durable path,
 * where retries live anyway:
 * - an attempt that fails starts the delivery's retry run (deliver-webhook function);
 * - past MAX_IN_FLIGHT attempts in this process, or MAX_PER_ENDPOINT for one endpoint (a
 *   receiver that hangs must not hold up everyone else's), the delivery's run is started
 *   instead, which attempts it as soon as the executor gets to it;
 * - if this process dies first, the rescue sweep finds the delivery still waiting.
 */
import "server-only";
import { webhookDeliveryRequested, webhookEndpointDisabled } from "@/inngest/events";
import { logError } from "@/server/log";
import type { ServiceContext } from "../../context";
import { attemptDelivery } from "./attempt-delivery";
import type { QueuedDelivery } from "./queue-deliveries";

const MAX_IN_FLIGHT = 64;
const MAX_PER_ENDPOINT = 8;

interface DispatchState {
  inFlight: number;
  perEndpoint: Map<string, number>;
}

const holder = globalThis as unknown as { __atriumWebhookDispatch?: DispatchState };
const state = (holder.__atriumWebhookDispatch ??= { inFlight: 0, perEndpoint: new Map() });

/** The durable run of a delivery's scheduled attempts (one per delivery: the event id dedupes a second start). */
export const retryRun = (deliveryId: string) => webhookDeliveryRequested.create({ deliveryId }, { id: `webhook-delivery-${deliveryId}` });

export async function dispatchDeliveries(ctx: Pick<ServiceContext, "db" | "now" | "events">, deliveries: QueuedDelivery[]): Promise<void> {
  const overflow: QueuedDelivery[] = [];
  for (const delivery of deliveries) {
    const endpointLoad = state.perEndpoint.get(delivery.endpointId) ?? 0;
    if (state.inFlight >= MAX_IN_FLIGHT || endpointLoad >= MAX_PER_ENDPOINT) {
      overflow.push(delivery);
      continue;
    }
    state.inFlight += 1;
    state.perEndpoint.set(delivery.endpointId, endpointLoad + 1);
    void attemptNow(ctx, delivery).finally(() => {
      state.inFlight -= 1;
      const left = (state.perEndpoint.get(delivery.endpointId) ?? 1) - 1;
      if (left > 0) state.perEndpoint.set(delivery.endpointId, left);
      else state.perEndpoint.delete(delivery.endpointId);
    });
  }
  if (overflow.length > 0) await ctx.events.send(overflow.map((delivery) => retryRun(delivery.id)));
}

async function attemptNow(ctx: Pick<ServiceContext, "db" | "now" | "events">, delivery: QueuedDelivery): Promise<void> {
  try {
    const result = await attemptDelivery(ctx, { deliveryId: delivery.id, manual: false });
    const follow = [...(result.retryAt ? [retryRun(delivery.id)] : []), ...(result.disabled ? [webhookEndpointDisabled.create(result.disabled)] : [])];
    if (follow.length > 0) await ctx.events.send(follow);
  } catch (error) {
    // The delivery stays waiting: the rescue sweep hands it to a durable run.
    logError(`[v1] webhook delivery ${delivery.id}: first attempt failed`, error);
  }
}
