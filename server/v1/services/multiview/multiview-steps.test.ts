/**
 * The durable steps of a set, each run more than once (as a replay or a retry after a
 * crash would run it) against the real database and storage: repeats change nothing.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { renderSets, renderViews } from "@/db/schema";
import { newBlobKey } from "@/server/storage";
import { makeAccount } from "@/test/fixtures";
import { roomPhoto } from "@/test/images";
import { createVerbContext } from "@/server/context";
import { debitCredits } from "../billing/debit-credits";
import { failRenderView } from "./fail-render-view";
import { finishRenderSet } from "./finish-render-set";
import { generateRenderView } from "./generate-render-view";
import { viewChargeKey } from "./pricing";
import { startSibling } from "./start-sibling";
import { ledgerOf, viewRows } from "@/test/multiview";

/** A set as POST /multiview leaves it: anchor charged, siblings waiting. */
async function storedSet(credits: number, siblings: number) {
  const ctx = await createVerbContext();
  const { accountId } = await makeAccount({ plan: "premium", credits });
  const [set] = await ctx.db.insert(renderSets).values({ accountId, roomType: "bedroom", style: "modern", intensity: 0.6 }).returning();
  const views = [];
  for (let viewIndex = 0; viewIndex <= siblings; viewIndex++) {
    const sourceKey = newBlobKey("source", "jpg");
    await ctx.storage.put(sourceKey, await roomPhoto(200 + 20 * viewIndex, 150), "image/jpeg");
    const [view] = await ctx.db
      .insert(renderViews)
      .values({
        setId: set.id,
        viewIndex,
        sourceUrl: `https://example.com/${viewIndex}.jpg`,
        sourceKey,
        ...(viewIndex === 0 ? { attempts: 1, charged: true } : {}),
      })
      .returning();
    views.push(view);
  }
  await debitCredits(ctx.db, { accountId, amount: 1, chargeKey: viewChargeKey(views[0]), jobId: views[0].id, operation: "multiview" });
  return { ctx, accountId, set, views };
}

describe("multi-view durable steps", () => {
  it("charges a sibling once however often its start runs, even concurrently", async () => {
    const { ctx, accountId, views } = await storedSet(20, 1);
    const starts = await Promise.all([1, 2, 3].map(() => startSibling(ctx, { accountId, viewId: views[1].id })));
    expect(starts).toEqual(["started", "started", "started"]);
    expect(await startSibling(ctx, { accountId, viewId: views[1].id })).toBe("started");
    const ledger = await ledgerOf(accountId);
    expect(ledger.entries.map((e) => e.amount)).toEqual([20, -1, -6]);
    expect((await viewRows(views[1].setId)).map((r) => [r.charged, r.attempts])).toEqual([
      [true, 1],
      [true, 1],
    ]);
    expect(await startSibling(ctx, { accountId, viewId: views[0].id })).toBe("not_pending");
  });

  it("reports a short balance without writing anything", async () => {
    const { ctx, accountId, views } = await storedSet(6, 1);
    expect(await startSibling(ctx, { accountId, viewId: views[1].id })).toBe("insufficient_credits");
    expect((await ledgerOf(accountId)).balance).toBe(5);
    expect((await viewRows(views[1].setId))[1]).toMatchObject({ charged: false, attempts: 0, status: "processing" });
  });

  it("settles a view once: a repeated or stale generation and a late failure change nothing", async () => {
    const { ctx, accountId, set, views } = await storedSet(20, 1);
    expect(await generateRenderView(ctx, { viewId: views[0].id, attempt: 1 })).toEqual({ status: "completed", verdict: null });
    const [anchor] = await viewRows(set.id);
    expect(await generateRenderView(ctx, { viewId: views[0].id, attempt: 1 })).toEqual({ status: "skipped" });
    expect((await viewRows(set.id))[0].outputKey).toBe(anchor.outputKey);
    expect(await failRenderView(ctx, { viewId: views[0].id, attempt: 1, error: { code: "provider_error", message: "late" } })).toEqual({
      failed: false,
    });

    await startSibling(ctx, { accountId, viewId: views[1].id });
    expect(await generateRenderView(ctx, { viewId: views[1].id, attempt: 2 })).toEqual({ status: "skipped" });
    // A lost input fails the view instead of leaving it running forever.
    await ctx.storage.delete(views[1].sourceKey);
    await expect(generateRenderView(ctx, { viewId: views[1].id, attempt: 1 })).rejects.toMatchObject({ code: "source_fetch_failed" });
    expect((await finishRenderSet(ctx, { setId: set.id })).status).toBe("processing");
    const failures = await Promise.all(
      [1, 2].map(() => failRenderView(ctx, { viewId: views[1].id, attempt: 1, error: { code: "provider_error", message: "down" } })),
    );
    expect(failures.filter((f) => f.failed)).toHaveLength(1);
    expect((await ledgerOf(accountId)).entries.map((e) => e.amount)).toEqual([20, -1, -6, 6]);

    expect(await finishRenderSet(ctx, { setId: set.id })).toEqual({ status: "completed" });
    const [settled] = await ctx.db.select().from(renderSets).where(eq(renderSets.id, set.id));
    expect(await finishRenderSet(ctx, { setId: set.id })).toEqual({ status: "completed" });
    const [again] = await ctx.db.select().from(renderSets).where(eq(renderSets.id, set.id));
    expect(again.completedAt).toEqual(settled.completedAt);
  });
});
