/**
 * The first attempt of each new delivery, made at once in this process (D16: an event
 * reaches its receivers within moments, at hundreds per second) rather than through a
 * durable run per event. Each endpoint has a lane here: up to MAX_PER_ENDPOINT attempts at
 * once, the rest waiting their turn in order, so a receiver that hangs holds up only its
 * own events. What this process cannot take goes to the durable path, where retries live
 * anyway:
 * - an attempt that fails starts the delivery's retry run (deliver-webhook function);
 * - past MAX_WAITING deliveries waiting in this process, the delivery's run is started
 *   instead;
 * - a delivery still waiting here two minutes on (its receiver hangs), or left behind by a
 *   process that died, is given a durable run by the rescue sweep; when its turn comes
 *   here it is skipped, since only a first attempt is made in process.
 */
import "server-only";
import { webhookDeliveryRequested, webhookEndpointDisabled } from "@/inngest/events";
import { logError } from "@/server/log";
import type { VerbContext } from "@/server/context";
import { attemptDelivery } from "./attempt-delivery";
import type { QueuedDelivery } from "./queue-deliveries";

const MAX_IN_FLIGHT = 128;
const MAX_PER_ENDPOINT = 16;
const MAX_WAITING = 20_000;

type Context = Pick<VerbContext, "db" | "now" | "events">;

interface Lane {
  running: number;
  waiting: QueuedDelivery[];
}

interface DispatchState {
  inFlight: number;
  waiting: number;
  lanes: Map<string, Lane>;
}

const holder = globalThis as unknown as { __atriumWebhookDispatch?: DispatchState };
const state = (holder.__atriumWebhookDispatch ??= { inFlight: 0, waiting: 0, lanes: new Map() });

/** The durable run of a delivery's scheduled attempts (one per delivery: the event id dedupes a second start). */
export const retryRun = (deliveryId: string) => webhookDeliveryRequested.create({ deliveryId }, { id: `webhook-delivery-${deliveryId}` });

export async function dispatchDeliveries(ctx: Context, deliveries: QueuedDelivery[]): Promise<void> {
  const overflow: QueuedDelivery[] = [];
  for (const delivery of deliveries) {
    const lane = state.lanes.get(delivery.endpointId) ?? { running: 0, waiting: [] };
    state.lanes.set(delivery.endpointId, lane);
    if (lane.running < MAX_PER_ENDPOINT && state.inFlight < MAX_IN_FLIGHT) start(ctx, lane, delivery);
    else if (state.waiting < MAX_WAITING) {
      lane.waiting.push(delivery);
      state.waiting += 1;
    } else overflow.push(delivery);
  }
  if (overflow.length > 0) await ctx.events.send(overflow.map((delivery) => retryRun(delivery.id)));
}

function start(ctx: Context, lane: Lane, delivery: QueuedDelivery): void {
  lane.running += 1;
  state.inFlight += 1;
  void attemptNow(ctx, delivery).finally(() => {
    lane.running -= 1;
    state.inFlight -= 1;
    const next = lane.waiting.shift();
    if (next) {
      state.waiting -= 1;
      start(ctx, lane, next);
    } else if (lane.running === 0) state.lanes.delete(delivery.endpointId);
  });
}

async function attemptNow(ctx: Context, delivery: QueuedDelivery): Promise<void> {
  try {
    const result = await attemptDelivery(ctx, { deliveryId: delivery.id, manual: false, firstOnly: true });
    const follow = [
      ...(result.retryAt ? [retryRun(delivery.id)] : []),
      ...(result.disabled ? [webhookEndpointDisabled.create(result.disabled)] : []),
    ];
    if (follow.length > 0) await ctx.events.send(follow);
  } catch (error) {
    // The delivery stays waiting: the rescue sweep hands it to a durable run.
    logError(`[v1] webhook delivery ${delivery.id}: first attempt failed`, error);
  }
}
