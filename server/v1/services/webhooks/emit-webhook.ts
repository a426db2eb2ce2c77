/**
 * Queues a preview webhook event (D11) for an account's endpoint. The event id is
 * derived from what happened, so a durable step that runs twice queues it once, and
 * the delivery function retries with the same id.
 */
import "server-only";
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { env } from "@/env";
import { accounts } from "@/db/schema";
import { webhookRequested } from "@/inngest/events";
import type { VerbContext } from "@/server/context";

export interface WebhookData {
  job_id: string;
  kind: "job" | "multiview" | "video";
  status: string;
  render_set_id?: string;
  /** Legacy job groups (D14): the provider of the outputs, and whether they are only style previews. */
  provider?: string | null;
  preview?: boolean;
  disclosure?: string | null;
}

export async function emitWebhook(
  ctx: VerbContext,
  input: { accountId: string; type: "job.completed" | "job.failed"; data: WebhookData },
): Promise<{ eventId: string } | null> {
  if (!env.V1_WEBHOOKS_ENABLED) return null;
  const [account] = await ctx.db.select({ url: accounts.webhookUrl }).from(accounts).where(eq(accounts.id, input.accountId));
  if (!account?.url) return null;
  const digest = crypto.createHash("sha256").update(`${input.type}:${input.data.kind}:${input.data.job_id}`).digest("hex");
  const eventId = `evt_${digest.slice(0, 32)}`;
  const body = { api_version: "v1", id: eventId, type: input.type, created_at: ctx.now().toISOString(), data: input.data };
  await ctx.db.execute(sql`
    insert into v1.webhook_events (id, account_id, type, body) values (${eventId}, ${input.accountId}, ${input.type}, ${JSON.stringify(body)}::jsonb)
    on conflict (id) do nothing`);
  await ctx.events.send(webhookRequested.create({ eventId }, { id: `webhook-${eventId}` }));
  return { eventId };
}
