import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { renderSets, renderViews } from "@/db/schema";
import type { VerbContext } from "@/server/context";
import { quotaMonth } from "../billing/quota";

type Set = typeof renderSets.$inferSelect;
type View = typeof renderViews.$inferSelect;

/**
 * A redo whose durable work could not be queued did not start: put the row and the set
 * back as they were and give the quota unit back (D3), or the free redo it took (D17), so
 * the client may simply retry.
 */
export async function undoRedoStart(ctx: VerbContext, input: { set: Set; view: View; now: Date; freeRedo: boolean }): Promise<void> {
  const { set, view } = input;
  await ctx.db.transaction(async (tx) => {
    const restored = await tx
      .update(renderViews)
      .set({
        status: view.status,
        outputKey: view.outputKey,
        error: view.error,
        gateVerdict: view.gateVerdict,
        gateScore: view.gateScore,
        gateDetails: view.gateDetails,
        outputCheck: view.outputCheck,
        attempts: view.attempts,
        updatedAt: view.updatedAt,
        completedAt: view.completedAt,
      })
      .where(and(eq(renderViews.id, view.id), eq(renderViews.status, "processing"), eq(renderViews.attempts, view.attempts + 1)))
      .returning({ id: renderViews.id });
    if (restored.length === 0) return;
    await tx
      .update(renderSets)
      .set({ status: set.status, error: set.error, updatedAt: set.updatedAt, completedAt: set.completedAt })
      .where(eq(renderSets.id, set.id));
    if (input.freeRedo) {
      await tx.execute(sql`
        delete from v1.free_redos where id = (
          select id from v1.free_redos where account_id = ${set.accountId} and subject = ${`view:${view.id}`} order by created_at desc limit 1)`);
    } else {
      await tx.execute(sql`
        update v1.quota_usage set units = units - 1
        where account_id = ${set.accountId} and month = ${quotaMonth(input.now)} and units > 0`);
    }
  });
}
