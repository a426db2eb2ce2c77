/**
 * A staged multi-view set through the hosted path: the anchor goes to the instruction
 * editing model, and every sibling to the multi-reference model with its own photo and
 * the anchor's stored output, asserted on the Replicate double's recorded requests.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderSets, renderViews } from "@/db/schema";
import { getProviders } from "@/server/providers";
import { replicateRedesignProvider } from "@/server/providers/replicate/redesign";
import { databaseTaskLedger } from "@/server/providers/task-ledger";
import { newBlobKey } from "@/server/storage";
import { makeAccount } from "@/test/fixtures";
import { startReplicateDouble, type ReplicateDouble } from "@/test/doubles/replicate";
import { roomPhoto } from "@/test/images";
import { createVerbContext } from "@/server/context";
import { debitCredits } from "../billing/debit-credits";
import { generateRenderView } from "./generate-render-view";
import { viewChargeKey } from "./pricing";
import { startSibling } from "./start-sibling";
import { viewRows } from "@/test/multiview";

let double: ReplicateDouble;
beforeAll(async () => {
  double = await startReplicateDouble();
});
afterAll(() => double.close());

describe("multi-view through Replicate", () => {
  it("sends each sibling its own photo and the anchor's staged output, to the multi-reference model", async () => {
    const redesign = replicateRedesignProvider(
      { baseUrl: double.baseUrl, token: double.token, timeoutMs: 30_000, pollIntervalMs: 5, ledger: databaseTaskLedger },
      { single: "black-forest-labs/flux-kontext-pro", multi: "google/nano-banana" },
    );
    const ctx = await createVerbContext({ providers: { ...getProviders(), redesign } });
    const { accountId } = await makeAccount({ plan: "premium", credits: 20 });
    const [set] = await ctx.db
      .insert(renderSets)
      .values({ accountId, roomType: "bedroom", style: "scandinavian", intensity: 0.6 })
      .returning();
    const photos = [await roomPhoto(640, 480), await roomPhoto(600, 450), await roomPhoto(480, 640)];
    const views = [];
    for (const [viewIndex, photo] of photos.entries()) {
      const sourceKey = newBlobKey("source", "jpg");
      await ctx.storage.put(sourceKey, photo, "image/jpeg");
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
    double.requests.length = 0;

    expect(await generateRenderView(ctx, { viewId: views[0].id, attempt: 1 })).toMatchObject({ status: "completed" });
    const anchorKey = (await viewRows(set.id))[0].outputKey!;
    const anchorOutput = (await ctx.storage.get(anchorKey))!.bytes;
    for (const sibling of views.slice(1)) {
      expect(await startSibling(ctx, { accountId, viewId: sibling.id })).toBe("started");
      expect(await generateRenderView(ctx, { viewId: sibling.id, attempt: 1 })).toMatchObject({ status: "completed" });
    }

    const creates = double.requests.filter((r) => r.method === "POST" && r.path.endsWith("/predictions"));
    expect(creates.map((r) => r.path)).toEqual([
      "/v1/models/black-forest-labs/flux-kontext-pro/predictions",
      "/v1/models/google/nano-banana/predictions",
      "/v1/models/google/nano-banana/predictions",
    ]);
    for (const [index, create] of creates.slice(1).entries()) {
      const input = (create.body as { input: { image_input: string[]; prompt: string } }).input;
      expect(input.image_input).toHaveLength(2);
      expect(double.resolveInput(input.image_input[0])!.equals(photos[index + 1])).toBe(true);
      // The anchor's stored output, byte for byte (a JPEG within the model's limits is sent unchanged).
      expect(double.resolveInput(input.image_input[1])!.equals(anchorOutput)).toBe(true);
      expect(input.prompt).toMatch(/same room from another angle, already staged/);
    }
  });
});
