/**
 * The owner is back from Checkout: the session is fulfilled at once (the webhook does the
 * same, whichever comes first), so the plan or credits show on arrival.
 */
import "server-only";
import { billingContextOf } from "@/server/billing/context";
import { fulfilCheckout } from "@/server/billing/fulfil-checkout";
import type { StudioContext } from "../context";

export async function completeCheckout(ctx: Pick<StudioContext, "db" | "events" | "now">, input: { workspaceId: string; sessionId: string }) {
  return fulfilCheckout(billingContextOf(ctx), input.sessionId, { workspaceId: input.workspaceId });
}
