/** Stripe's events (D15): read within a bound, verify, record the event id, hand to a durable function (server/billing/receive-webhook.ts). */
import { createBillingContext } from "@/server/billing/context";
import { receiveWebhook, STRIPE_WEBHOOK_MAX_BYTES } from "@/server/billing/receive-webhook";
import { readLimitedBody } from "@/server/http/read-limited-body";

export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const payload = await readLimitedBody(request, STRIPE_WEBHOOK_MAX_BYTES);
  const answer = await receiveWebhook(await createBillingContext(), { payload, signature: request.headers.get("stripe-signature") });
  return Response.json(answer.body, { status: answer.status });
}
