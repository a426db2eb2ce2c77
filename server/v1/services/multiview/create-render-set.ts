import "server-only";
import crypto from "node:crypto";
import { renderSets, renderViews } from "@/db/schema";
import { multiviewRequested } from "@/inngest/events";
import type { VerbContext } from "@/server/context";
import type { MultiviewRequest } from "../../schemas/multiview";
import { envelope } from "../../schemas/envelope";
import { acceptGeneration } from "../billing/accept-generation";
import { preflightGeneration } from "../billing/preflight-generation";
import { storeKeepMask } from "../jobs/store-keep-mask";
import { storeSource } from "../jobs/store-source";
import type { AuthenticatedAccount } from "../keys/authenticate-key";
import { failUnstartedSet } from "./fail-unstarted-set";
import { ANCHOR_COST, MULTIVIEW_OPERATION, SIBLING_COST, viewChargeKey } from "./pricing";

/**
 * POST /multiview: fetches and stores every view's source and keep mask (D17), accepts the request (one
 * quota unit, the anchor's credit), stores the set with one row per view and hands it
 * to the durable function. Siblings are charged later, one by one, as each starts (D4).
 */
export async function createRenderSet(ctx: VerbContext, input: { account: AuthenticatedAccount; request: MultiviewRequest }) {
  const { account, request } = input;
  await preflightGeneration(ctx.db, { account, now: ctx.now(), cost: ANCHOR_COST });
  const urls = [request.source_url, ...request.additional_view_urls];
  const sources = await storeAll(ctx, urls);
  const stored = sources.map((source) => source.key);
  try {
    const masks = await storeMasks(ctx, request, sources, stored);
    const setId = crypto.randomUUID();
    const views = urls.map((sourceUrl, viewIndex) => ({
      id: crypto.randomUUID(),
      setId,
      viewIndex,
      sourceUrl,
      sourceKey: sources[viewIndex].key,
      keepMaskKey: masks[viewIndex],
    }));
    const anchor = views[0];
    const set = await ctx.db.transaction(async (tx) => {
      const charge = { amount: ANCHOR_COST, chargeKey: viewChargeKey(anchor), jobId: anchor.id, operation: MULTIVIEW_OPERATION };
      await acceptGeneration(tx, { account, now: ctx.now(), events: ctx.events, charge });
      const [inserted] = await tx
        .insert(renderSets)
        .values({
          id: setId,
          accountId: account.id,
          roomType: request.room_type,
          style: request.style,
          intensity: request.intensity,
          color: request.color ?? null,
        })
        .returning();
      // The anchor's first (and only) attempt is paid now; siblings start unpaid.
      await tx.insert(renderViews).values(views.map((view) => (view.viewIndex === 0 ? { ...view, attempts: 1, charged: true } : view)));
      return inserted;
    });
    try {
      await ctx.events.send(multiviewRequested.create({ setId, accountId: account.id }, { id: `multiview-${setId}` }));
    } catch (error) {
      // Nothing will process the set: close it and give the anchor's credit back.
      await failUnstartedSet(ctx, setId);
      throw error;
    }
    const siblings = views.slice(1);
    return envelope({
      jobId: anchor.id,
      status: "processing",
      result: {
        render_set_id: setId,
        anchor: { view_index: 0 as const, job_id: anchor.id, status: "processing" },
        pending_views: siblings.map((view) => ({ view_index: view.viewIndex, source_url: view.sourceUrl })),
        total_views: views.length,
        status_endpoint: `/api/v1/multiview?render_set_id=${setId}`,
        credits: { anchor_charged: ANCHOR_COST, sibling_cost_each: SIBLING_COST, siblings_pending: siblings.length },
      },
      creditsCharged: ANCHOR_COST,
      createdAt: set.createdAt,
      updatedAt: set.updatedAt,
      completedAt: null,
    });
  } catch (error) {
    await Promise.all(stored.map((key) => ctx.storage.delete(key).catch(() => undefined)));
    throw error;
  }
}

/**
 * Each view's keep mask (D17), checked against its own photo and stored, in view order:
 * the anchor's `keep_mask_url`, then `additional_keep_mask_urls` (null where a view keeps
 * nothing). Every key stored is added to `stored`, so a later refusal removes it.
 */
async function storeMasks(
  ctx: VerbContext,
  request: MultiviewRequest,
  photos: { width: number; height: number }[],
  stored: string[],
): Promise<(string | null)[]> {
  const urls = [request.keep_mask_url ?? null, ...(request.additional_keep_mask_urls ?? request.additional_view_urls.map(() => null))];
  const keys: (string | null)[] = [];
  for (const [index, url] of urls.entries()) {
    const field = index === 0 ? "keep_mask_url" : `additional_keep_mask_urls.${index - 1}`;
    const key = url ? await storeKeepMask(ctx.storage, { url, field, photo: photos[index] }) : null;
    if (key) stored.push(key);
    keys.push(key);
  }
  return keys;
}

/** Stores every source, or none: the first failing URL (in view order) is the refusal. */
async function storeAll(ctx: VerbContext, urls: string[]): Promise<{ key: string; width: number; height: number }[]> {
  const outcomes = await Promise.allSettled(urls.map((url) => storeSource(ctx.storage, url)));
  const stored = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
  const failure = outcomes.find((o) => o.status === "rejected");
  if (!failure) return stored;
  await Promise.all(stored.map(({ key }) => ctx.storage.delete(key).catch(() => undefined)));
  throw failure.reason;
}
