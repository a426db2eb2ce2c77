/** Stripe's events (D15): verify, record the event id, hand to a durable function (server/billing/receive-webhook.ts). */
import { createBillingContext } from "@/server/billing/context";
import { receiveWebhook } from "@/server/billing/receive-webhook";

export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const answer = await receiveWebhook(await createBillingContext(), { payload: await request.text(), signature: request.headers.get("stripe-signature") });
  return Response.json(answer.body, { status: answer.status });
}
