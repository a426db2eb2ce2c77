/**
 * Kept areas through the API (D17): `keep_mask_url` on POST /job and POST /multiview,
 * `additional_keep_mask_urls` beside the views; a mask of the wrong kind or shape refused
 * with 400 `invalid_keep_mask` before anything is charged; the stored output showing the
 * photo's own pixels inside the kept areas (within the encoder's rounding) and naming them
 * in its metadata; a multi-view redo keeping its view's mask.
 */
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import ExifReader from "exifreader";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { jobGroups, jobOutputs } from "@/db/schema";
import { v1Functions } from "@/inngest/functions/v1";
import { KEPT_AREAS, keptAt } from "@/server/images/kept-areas";
import { decodeRgb, type RgbImage } from "@/server/images/raw-image";
import { getBlobStore } from "@/server/storage";
import { makeAccount } from "@/test/fixtures";
import { useAppStack } from "@/test/app-stack";
import { keepMaskPng, shrunkBy } from "@/test/keep-masks";
import { apiCaller, ledgerOf, pollSet, viewRows } from "@/test/multiview";

const stack = useAppStack({ functions: v1Functions, fixtures: true });
const call = apiCaller(() => stack.app.url);

const WINDOWS: [number, number, number, number][] = [
  [0.04, 0.08, 0.3, 0.62],
  [0.62, 0.05, 0.97, 0.55],
];
let photo: Buffer;
let photoUrl: string;
let maskUrl: string;
let mask: Buffer;
let secondUrl: string;
/** The mask's height at 480 px wide: the photo's aspect ratio. */
let maskHeight: number;

beforeAll(async () => {
  photo = await sharp(readFileSync("samples/structure-dev-set/real/armentrout-living.jpg")).resize(640).jpeg({ quality: 90 }).toBuffer();
  const { width, height } = await sharp(photo).metadata();
  photoUrl = stack.fixtures.serve("/living.jpg", photo, "image/jpeg");
  // Painted at another size with the photo's aspect ratio: the service scales it.
  maskHeight = Math.round((480 * height!) / width!);
  mask = await keepMaskPng(480, maskHeight, WINDOWS);
  maskUrl = stack.fixtures.serve("/living-keep.png", mask, "image/png");
  secondUrl = stack.fixtures.serve(
    "/bedroom.jpg",
    await sharp(readFileSync("samples/structure-dev-set/real/armentrout-bedroom.jpg")).resize(600).jpeg().toBuffer(),
    "image/jpeg",
  );
  stack.fixtures.serve("/bedroom-keep.png", await keepMaskPng(300, 200, [[0.1, 0.1, 0.3, 0.5]]), "image/png");
});

async function pollJob(apiKey: string, jobId: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const result = await call("GET", `/jobs/${jobId}`, apiKey);
    if (result.status !== 200 || result.body.status !== "processing") return result;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still processing`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const download = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

/** The largest and mean channel difference inside the kept areas shrunk by the seam. */
async function keptDifference(output: RgbImage, source: RgbImage, keepMask: Buffer) {
  const inner = shrunkBy(await keptAt(keepMask, source.width, source.height), source.width, source.height, KEPT_AREAS.seam);
  let max = 0,
    sum = 0,
    count = 0;
  for (let p = 0; p < inner.length; p++) {
    if (!inner[p]) continue;
    for (let c = p * 3; c < p * 3 + 3; c++) {
      const d = Math.abs(output.data[c] - source.data[c]);
      max = Math.max(max, d);
      sum += d;
      count++;
    }
  }
  return { max, mean: sum / count, count };
}

describe("keep_mask_url on POST /job", () => {
  it("stages the photo with its kept areas as the photo's own pixels, named in the file's metadata", async () => {
    const { apiKey } = await makeAccount({ plan: "business" });
    const created = await call("POST", "/job", apiKey, {
      source_url: photoUrl,
      keep_mask_url: maskUrl,
      room_type: "living_room",
      redesign_type: "staging",
      style: "modern",
      fast: true,
    });
    expect(created.status).toBe(200);
    const done = await pollJob(apiKey, created.body.jobId);
    expect(done.body.status).toBe("completed");
    const stored = await download(done.body.data.output_urls[0]);
    const [output, source] = await Promise.all([decodeRgb(stored), decodeRgb(photo)]);
    expect([output.width, output.height]).toEqual([source.width, source.height]);
    const kept = await keptDifference(output, source, mask);
    expect(kept.count).toBeGreaterThan(30_000);
    expect(kept.mean).toBeLessThan(1.5);
    expect(kept.max).toBeLessThanOrEqual(24);
    // The local provider's style grade moved every pixel it was free to move.
    const outside = await keptDifference(
      await decodeRgb(stored),
      await decodeRgb(await sharp(photo).modulate({ brightness: 1 }).toBuffer()),
      await keepMaskPng(480, 360, [[0.4, 0.7, 0.6, 0.95]]),
    );
    expect(outside.mean).toBeGreaterThan(2);

    const tags = (await ExifReader.load(stored, { expanded: true })) as { xmp?: Record<string, { description: string; value: unknown }> };
    expect(tags.xmp?.KeptFromOriginal?.description).toMatch(/^2 areas \(\d+ % of the image\) kept exactly from the original photo: /);
    expect(JSON.stringify(tags.xmp?.ImageRegion)).toContain("Kept from the original photo");
  });

  it("refuses a mask that is not a PNG, has another aspect ratio, keeps nothing or keeps everything, with 400 invalid_keep_mask and nothing charged", async () => {
    const { apiKey, accountId } = await makeAccount({ plan: "free" });
    const cases: [string, Buffer, string, RegExp][] = [
      ["/keep.jpg", await sharp(mask).jpeg().toBuffer(), "image/jpeg", /keep_mask_url: is a JPEG, not a PNG/],
      ["/keep-square.png", await keepMaskPng(400, 400, WINDOWS), "image/png", /aspect ratio differs from the photo's/],
      ["/keep-black.png", await keepMaskPng(480, maskHeight, []), "image/png", /is all black/],
      ["/keep-white.png", await keepMaskPng(480, maskHeight, [[0, 0, 1, 1]]), "image/png", /is all white/],
      ["/keep-text.png", Buffer.from("not an image"), "image/png", /is not a PNG image/],
    ];
    for (const [path, bytes, type, message] of cases) {
      const url = stack.fixtures.serve(path, bytes, type);
      const refused = await call("POST", "/job", apiKey, {
        source_url: photoUrl,
        keep_mask_url: url,
        room_type: "living_room",
        redesign_type: "staging",
        style: "modern",
      });
      expect(refused.status, path).toBe(400);
      expect(refused.body).toMatchObject({
        code: "invalid_keep_mask",
        error: expect.stringMatching(message),
        details: [{ field: "keep_mask_url" }],
      });
    }
    // A mask painted on a different size with the photo's aspect ratio within 1 % is taken.
    const near = stack.fixtures.serve("/keep-near.png", await keepMaskPng(484, maskHeight, WINDOWS), "image/png");
    expect(
      (
        await call("POST", "/job", apiKey, {
          source_url: photoUrl,
          keep_mask_url: near,
          room_type: "living_room",
          redesign_type: "staging",
          style: "modern",
          fast: true,
        })
      ).status,
    ).toBe(200);
    // Only the accepted job took the quota unit.
    const db = await getDb();
    expect(await db.select({ id: jobGroups.id }).from(jobGroups).where(eq(jobGroups.accountId, accountId))).toHaveLength(1);
    const unreachable = await call("POST", "/job", apiKey, {
      source_url: photoUrl,
      keep_mask_url: stack.fixtures.url("/missing.png"),
      room_type: "living_room",
      redesign_type: "staging",
      style: "modern",
    });
    expect(unreachable.body.code).toBe("source_fetch_failed");
  });

  it("keeps the reviewed job's mask on a free redo", async () => {
    const { apiKey } = await makeAccount({ plan: "business" });
    const created = await call("POST", "/job", apiKey, {
      source_url: photoUrl,
      keep_mask_url: maskUrl,
      room_type: "living_room",
      redesign_type: "staging",
      style: "modern",
      fast: true,
    });
    await pollJob(apiKey, created.body.jobId);
    const db = await getDb();
    // A person is asked to look at the output (D17).
    await db
      .update(jobOutputs)
      .set({ outputCheck: { verdict: "review", summary: "Check this.", zones: [] } })
      .where(eq(jobOutputs.groupId, created.body.jobId));
    const redo = await call("POST", "/job", apiKey, {
      source_url: photoUrl,
      review_redo_of: created.body.jobId,
      room_type: "living_room",
      redesign_type: "staging",
      style: "modern",
      fast: true,
    });
    expect(redo.status).toBe(200);
    const [first] = await db.select().from(jobGroups).where(eq(jobGroups.id, created.body.jobId));
    const [again] = await db.select().from(jobGroups).where(eq(jobGroups.id, redo.body.jobId));
    expect(again.keepMaskKey).not.toBeNull();
    expect(again.keepMaskKey).not.toBe(first.keepMaskKey);
    expect((await getBlobStore().get(again.keepMaskKey!))!.bytes.equals((await getBlobStore().get(first.keepMaskKey!))!.bytes)).toBe(true);
  });
});

describe("keep masks on POST /multiview", () => {
  it("keeps each view's own areas, and a redo keeps its view's mask", async () => {
    const { apiKey, accountId } = await makeAccount({ plan: "premium", credits: 30 });
    const created = await call("POST", "/multiview", apiKey, {
      source_url: photoUrl,
      keep_mask_url: maskUrl,
      additional_view_urls: [secondUrl, photoUrl],
      additional_keep_mask_urls: [stack.fixtures.url("/bedroom-keep.png"), null],
      room_type: "living_room",
      style: "modern",
    });
    expect(created.status).toBe(200);
    const done = await pollSet(call, apiKey, created.body.result.render_set_id, accountId);
    expect(done.body.status).toBe("completed");
    const rows = await viewRows(created.body.result.render_set_id);
    expect(rows.map((row) => Boolean(row.keepMaskKey))).toEqual([true, true, false]);
    const anchor = await decodeRgb(await download(done.body.result.views[0].output_url ?? done.body.result.views[0].held_back_url));
    expect((await keptDifference(anchor, await decodeRgb(photo), mask)).mean).toBeLessThan(1.5);

    const redo = await call("POST", "/multiview/redo", apiKey, { render_set_id: created.body.result.render_set_id, view_index: 1 });
    expect(redo.status).toBe(200);
    await pollSet(call, apiKey, created.body.result.render_set_id, accountId);
    expect((await viewRows(created.body.result.render_set_id))[1].keepMaskKey).toBe(rows[1].keepMaskKey);
  });

  it("refuses masks that do not match their views, naming the field, before anything is charged", async () => {
    const { apiKey, accountId } = await makeAccount({ plan: "premium", credits: 30 });
    const base = { source_url: photoUrl, additional_view_urls: [secondUrl], room_type: "living_room", style: "modern" };
    const tooMany = await call("POST", "/multiview", apiKey, { ...base, additional_keep_mask_urls: [null, null] });
    expect(tooMany).toMatchObject({
      status: 400,
      body: { status: "failed", error: { code: "invalid_request", details: [{ field: "additional_keep_mask_urls" }] } },
    });
    const square = stack.fixtures.serve("/keep-square-view.png", await keepMaskPng(300, 300, WINDOWS), "image/png");
    const mismatched = await call("POST", "/multiview", apiKey, { ...base, additional_keep_mask_urls: [square] });
    expect(mismatched).toMatchObject({
      status: 400,
      body: { error: { code: "invalid_keep_mask", details: [{ field: "additional_keep_mask_urls.0" }] } },
    });
    expect((await ledgerOf(accountId)).entries.filter((e) => e.kind === "debit")).toHaveLength(0);
  });
});
