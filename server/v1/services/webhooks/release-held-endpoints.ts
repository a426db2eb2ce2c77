import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";

/** Why an endpoint was turned off when the person who answered for it left (shown with it). */
export const HOLDER_LEFT_REASON = "Its maker left the workspace";

/**
 * The webhook endpoints of an account that `holder` answers for (`user:<id>`: the one it
 * was handed to, else its maker), turned off at once (no event is sent there any more; the
 * endpoint and its delivery log stay, so the team can see what went there and turn it
 * back on) or, with `handTo`, handed to that person. Returns them by URL.
 */
export async function releaseHeldEndpoints(
  tx: Tx,
  input: { accountId: string; holder: string; handTo: string | null; now: Date },
): Promise<{ url: string }[]> {
  const held = await tx
    .select({ id: webhookEndpoints.id, url: webhookEndpoints.url })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.accountId, input.accountId),
        eq(sql`coalesce(${webhookEndpoints.heldBy}, ${webhookEndpoints.createdBy})`, input.holder),
      ),
    )
    .orderBy(webhookEndpoints.createdAt)
    .for("update");
  if (held.length === 0) return [];
  const ids = held.map((endpoint) => endpoint.id);
  await tx
    .update(webhookEndpoints)
    .set(
      input.handTo
        ? { heldBy: input.handTo, updatedAt: input.now }
        : {
            disabledAt: sql`coalesce(${webhookEndpoints.disabledAt}, ${input.now.toISOString()}::timestamptz)`,
            disabledReason: HOLDER_LEFT_REASON,
            updatedAt: input.now,
          },
    )
    .where(inArray(webhookEndpoints.id, ids));
  return held.map(({ url }) => ({ url }));
}
