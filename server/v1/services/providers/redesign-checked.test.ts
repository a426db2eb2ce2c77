/**
 * The structure check in the generation path (D17): a hosted model's output that repaints
 * the walls is asked for once more with `firmStructure`, then refused with
 * `structure_changed` as a permanent failure, and a multi-view view failed that way is
 * refunded (D4); an output the check is unsure of is kept, marked for review, and not
 * asked for again. The provider here is a double of a hosted model (one that draws what
 * the test tells it to); the local provider's own outputs pass (structure-check.test.ts).
 */
import { describe, expect, it } from "vitest";
import { renderSets, renderViews } from "@/db/schema";
import { providerStep } from "@/inngest/functions/v1/provider-step";
import type { ImageFile, RedesignParams, RedesignProvider } from "@/server/providers/types";
import { newBlobKey } from "@/server/storage";
import { makeAccount } from "@/test/fixtures";
import { roomPhoto } from "@/test/images";
import { perspectiveRoom } from "@/test/perspective-room";
import { createVerbContext } from "@/server/context";
import { debitCredits } from "../billing/debit-credits";
import { failRenderView } from "../multiview/fail-render-view";
import { generateRenderView } from "../multiview/generate-render-view";
import { ledgerOf } from "@/test/multiview";
import { viewChargeKey } from "../multiview/pricing";
import { redesignChecked } from "./redesign-checked";
import { LIVING_ROOM_STAGING } from "@/test/redesign-params";
import { keepMaskPng, shrunkBy } from "@/test/keep-masks";
import { KEPT_AREAS, keptAt } from "@/server/images/kept-areas";
import { decodeRgb } from "@/server/images/raw-image";
import { sharp } from "@/server/images/sharp";

const W = 320,
  H = 240;

/** The room with its walls and ceiling repainted blue: a change the check is sure of. */
const repainted = () => roomPhoto(W, H, { wall: "#4a6f9a" });

/** A model double answering each call with the next image of `answers`, recording the parameters it was given. */
function modelDouble(answers: Buffer[]) {
  const calls: RedesignParams[] = [];
  const provider: RedesignProvider = {
    name: "double",
    async redesign(_source: ImageFile, params: RedesignParams) {
      calls.push(params);
      const bytes = answers[Math.min(calls.length - 1, answers.length - 1)];
      return {
        provider: "double",
        statusUrl: `https://models.example/predictions/${calls.length}`,
        model: "double/model",
        outputs: [{ bytes, contentType: "image/jpeg" }],
      };
    },
  };
  return { provider, calls };
}

describe("redesignChecked", () => {
  it("keeps a good first output without asking again", async () => {
    const room = await roomPhoto(W, H);
    const double = modelDouble([await roomPhoto(W, H, { floor: "#7a5a3a" })]);
    const { result, check } = await redesignChecked(double.provider, { bytes: room, contentType: "image/jpeg" }, LIVING_ROOM_STAGING);
    expect(result.statusUrl).toMatch(/\/1$/);
    expect(double.calls.map((c) => c.firmStructure ?? false)).toEqual([false]);
    expect(check).toMatchObject({ verdict: "pass", zones: [] });
  });

  it("keeps an output marked for review without asking again, with the zone to look at (D17)", async () => {
    // The floor under new furniture looks another material: re-laid, or covered by a rug, which pixels cannot tell apart.
    const room = await perspectiveRoom({ windows: [{ box: [0.5, 0.12, 0.95, 0.62] }] });
    const double = modelDouble([await perspectiveRoom({ windows: [{ box: [0.5, 0.12, 0.95, 0.62] }], floor: "tiles", furniture: true })]);
    const { result, check } = await redesignChecked(double.provider, { bytes: room, contentType: "image/jpeg" }, LIVING_ROOM_STAGING);
    expect(double.calls).toHaveLength(1);
    expect(result.statusUrl).toMatch(/\/1$/);
    expect(check?.verdict).toBe("review");
    expect(check?.summary).toMatch(/^Check this: .*floor/);
    expect(check?.zones).toEqual([
      expect.objectContaining({
        zone: "floor",
        reason: expect.stringMatching(/floor/),
        region: expect.objectContaining({ y: expect.any(Number) }),
      }),
    ]);
  });

  it("asks once more, firmly, and keeps the second output when it passes", async () => {
    const room = await roomPhoto(W, H);
    const double = modelDouble([await repainted(), room]);
    const { result, check } = await redesignChecked(double.provider, { bytes: room, contentType: "image/jpeg" }, LIVING_ROOM_STAGING);
    expect(result.statusUrl).toMatch(/\/2$/);
    expect(double.calls.map((c) => c.firmStructure ?? false)).toEqual([false, true]);
    expect(check?.verdict).toBe("pass");
  });

  it("pastes the kept areas into a firm second try as into the first, and delivers the second restored", async () => {
    const room = await roomPhoto(W, H);
    // The window on the left wall is kept; the second try erased it, the first repainted every wall.
    const mask = await keepMaskPng(W, H, [[0.05, 0.08, 0.3, 0.42]]);
    const windowErased = await sharp(room)
      .composite([
        {
          input: await sharp({ create: { width: 70, height: 70, channels: 3, background: "#d9d4c7" } })
            .png()
            .toBuffer(),
          left: 24,
          top: 27,
        },
      ])
      .jpeg({ quality: 90 })
      .toBuffer();
    const double = modelDouble([await repainted(), windowErased]);
    const { result, check, kept } = await redesignChecked(
      double.provider,
      { bytes: room, contentType: "image/jpeg" },
      LIVING_ROOM_STAGING,
      mask,
    );
    expect(double.calls.map((c) => c.firmStructure ?? false)).toEqual([false, true]);
    expect(result.statusUrl).toMatch(/\/2$/);
    expect(check?.verdict).toBe("pass");
    expect(kept).toHaveLength(1);
    // Inside the kept area shrunk by the seam the delivered image is the photo's, within the encoder's rounding; as the model made it, the window was gone.
    const inner = shrunkBy(await keptAt(mask, W, H), W, H, KEPT_AREAS.seam);
    const [photo, delivered, made] = await Promise.all([decodeRgb(room), decodeRgb(result.outputs[0].bytes), decodeRgb(windowErased)]);
    const meanDifference = (a: Buffer, b: Buffer) => {
      let [sum, count] = [0, 0];
      inner.forEach((k, p) => {
        if (!k) return;
        for (let c = p * 3; c < p * 3 + 3; c++) sum += Math.abs(a[c] - b[c]);
        count += 3;
      });
      return sum / count;
    };
    expect(meanDifference(delivered.data, photo.data)).toBeLessThan(1.5);
    expect(meanDifference(made.data, photo.data)).toBeGreaterThan(20);
  });

  it("refuses a second bad output with structure_changed, a permanent failure", async () => {
    const room = await roomPhoto(W, H);
    const double = modelDouble([await repainted()]);
    const outcome = await providerStep(() =>
      redesignChecked(double.provider, { bytes: room, contentType: "image/jpeg" }, LIVING_ROOM_STAGING),
    );
    expect(outcome).toMatchObject({
      failed: { code: "structure_changed", message: expect.stringMatching(/upper back wall repainted \(\d+ % of it, limit 45 %\)/) },
    });
    expect(double.calls).toHaveLength(2);
    // Every zone's scores travel with the failure, so a reader of the failed output sees why.
    if (!("failed" in outcome)) throw new Error("expected a failure");
    const details = outcome.failed.details as {
      zones: { zone: string; edgeRecall: number | null; failure: string | null }[];
      geometry: { horizon: number };
    };
    expect(details.zones.find((z) => z.zone === "upper back wall")).toMatchObject({ failure: "repainted", edgeRecall: expect.any(Number) });
    expect(details.zones.map((z) => z.zone)).toEqual(expect.arrayContaining(["ceiling", "upper back wall", "floor"]));
    expect(details.geometry.horizon).toBe(0.5);
  });

  it("does not check wall colour changes or exterior photos", async () => {
    const room = await roomPhoto(W, H);
    const blue = await roomPhoto(W, H, { wall: "#4a6f9a" });
    for (const params of [
      { ...LIVING_ROOM_STAGING, type: "color_change" as const, color: "#4a6f9a" },
      { ...LIVING_ROOM_STAGING, environment: "exterior" as const },
    ]) {
      const double = modelDouble([blue]);
      const { check } = await redesignChecked(double.provider, { bytes: room, contentType: "image/jpeg" }, params);
      expect(double.calls).toHaveLength(1);
      expect(check).toBeNull();
    }
  });

  it("fails a multi-view anchor that repaints the walls and refunds its credit", async () => {
    const base = await createVerbContext();
    const room = await roomPhoto(W, H);
    const ctx = { ...base, providers: { ...base.providers, redesign: modelDouble([await repainted()]).provider } };
    const { accountId } = await makeAccount({ plan: "premium", credits: 5 });
    const [set] = await ctx.db
      .insert(renderSets)
      .values({ accountId, roomType: "living_room", style: "modern", intensity: 0.6 })
      .returning();
    const sourceKey = newBlobKey("source", "jpg");
    await ctx.storage.put(sourceKey, room, "image/jpeg");
    const [anchor] = await ctx.db
      .insert(renderViews)
      .values({ setId: set.id, viewIndex: 0, sourceUrl: "https://example.com/0.jpg", sourceKey, attempts: 1, charged: true })
      .returning();
    await debitCredits(ctx.db, { accountId, amount: 1, chargeKey: viewChargeKey(anchor), jobId: anchor.id, operation: "multiview" });

    const outcome = await providerStep(() => generateRenderView(ctx, { viewId: anchor.id, attempt: 1 }));
    expect(outcome).toMatchObject({ failed: { code: "structure_changed" } });
    if (!("failed" in outcome)) throw new Error("expected a failure");
    await failRenderView(ctx, { viewId: anchor.id, attempt: 1, error: outcome.failed });
    expect((await ledgerOf(accountId)).entries.map((e) => e.amount)).toEqual([5, -1, 1]);
  });
});
