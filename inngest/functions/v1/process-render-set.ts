/**
 * Processes a multi-view set (D4, D7): the anchor first; if it fails, the set fails and
 * no sibling starts. Otherwise each sibling in view_index order is charged as it starts
 * (the first one the balance cannot cover ends the fan-out, unpaid), generated against
 * the anchor's output and gated. Every step settles rows conditionally, so replays are
 * harmless.
 */
import { asc, eq } from "drizzle-orm";
import { renderSets, renderViews, type ErrorInfo } from "@/db/schema";
import { inngest } from "@/inngest/client";
import { multiviewRequested } from "@/inngest/events";
import { createServiceContext } from "@/server/v1/context";
import { ANCHOR_FAILED, failPendingSiblings, SIBLING_UNAFFORDABLE } from "@/server/v1/services/multiview/fail-pending-siblings";
import { failRenderView } from "@/server/v1/services/multiview/fail-render-view";
import { finishRenderSet } from "@/server/v1/services/multiview/finish-render-set";
import { generateRenderView } from "@/server/v1/services/multiview/generate-render-view";
import { startSibling } from "@/server/v1/services/multiview/start-sibling";
import { providerFailure } from "@/server/v1/services/providers/provider-failure";
import { providerStep } from "./retryable";
import { providerConcurrency } from "@/inngest/concurrency";

type ViewRef = { id: string; viewIndex: number };

export async function processRenderSetHandler({ event, step }: { event: { data: { setId: string } }; step: any }) {
  const { setId } = event.data;
  const plan: { accountId: string; views: ViewRef[] } | null = await step.run("list-views", async () => {
    const ctx = await createServiceContext();
    const [set] = await ctx.db.select({ accountId: renderSets.accountId }).from(renderSets).where(eq(renderSets.id, setId));
    if (!set) return null;
    const views = await ctx.db.select({ id: renderViews.id, viewIndex: renderViews.viewIndex }).from(renderViews).where(eq(renderViews.setId, setId)).orderBy(asc(renderViews.viewIndex));
    return { accountId: set.accountId, views };
  });
  if (!plan) return { status: "gone" };
  const [anchor, ...siblings] = plan.views;

  const anchorMade = await generateOrFail(step, anchor);
  if (!anchorMade) {
    await step.run("fail-siblings-anchor-failed", async () => failPendingSiblings(await createServiceContext(), { setId, fromIndex: 1, error: ANCHOR_FAILED }));
    return step.run("finish-set", async () => finishRenderSet(await createServiceContext(), { setId }));
  }

  for (const sibling of siblings) {
    const start = await step.run(`start-view-${sibling.viewIndex}`, async () => startSibling(await createServiceContext(), { accountId: plan.accountId, viewId: sibling.id }));
    if (start === "insufficient_credits") {
      await step.run(`skip-views-from-${sibling.viewIndex}`, async () =>
        failPendingSiblings(await createServiceContext(), { setId, fromIndex: sibling.viewIndex, error: SIBLING_UNAFFORDABLE }),
      );
      break;
    }
    if (start === "started") await generateOrFail(step, sibling);
  }
  return step.run("finish-set", async () => finishRenderSet(await createServiceContext(), { setId }));
}

/** The first attempt of one view; false when it failed for good (and was refunded). */
async function generateOrFail(step: any, view: ViewRef): Promise<boolean> {
  let failure: ErrorInfo | null = null;
  try {
    const outcome = await step.run(`generate-view-${view.viewIndex}`, async () =>
      providerStep(async () => generateRenderView(await createServiceContext(), { viewId: view.id, attempt: 1 })),
    );
    if ("failed" in outcome) failure = outcome.failed;
  } catch (error) {
    failure = providerFailure(error);
  }
  if (!failure) return true;
  const error = failure;
  await step.run(`fail-view-${view.viewIndex}`, async () => failRenderView(await createServiceContext(), { viewId: view.id, attempt: 1, error }));
  return false;
}

export const processRenderSet = inngest.createFunction(
  { id: "v1-process-render-set", retries: 3, triggers: [multiviewRequested], concurrency: providerConcurrency("redesign") },
  processRenderSetHandler,
);
