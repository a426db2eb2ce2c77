import "server-only";
import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";

/** When a delivery's next scheduled attempt can be made (not before a running attempt's claim ends), or null when none is left. */
export async function deliveryDue(db: Tx, input: { deliveryId: string }): Promise<Date | null> {
  const [row] = await db
    .select({ status: webhookDeliveries.status, next: webhookDeliveries.nextAttemptAt, claimedUntil: webhookDeliveries.claimedUntil })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, input.deliveryId));
  if (!row || row.status !== "pending" || !row.next) return null;
  return row.claimedUntil && row.claimedUntil > row.next ? row.claimedUntil : row.next;
}
