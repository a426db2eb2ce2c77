/**
 * The studio's workflows end to end: tRPC procedures → the real v1 routes over HTTP
 * (with the workspace's provisioned key) → the service's durable functions and the
 * studio's pollers and chains on a local executor → rows, stored outputs and usage.
 */
import type { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { workspaces } from "@/db/schema/studio";
import { studioFunctions } from "@/inngest/functions/studio";
import { v1Functions } from "@/inngest/functions/v1";
import { getBlobStore } from "@/server/storage";
import { SHARE_IMAGE_URL_TTL_SECONDS } from "@/server/studio/exports/show-share";
import { setPlan } from "@/server/v1/services/accounts/set-plan";
import sharp from "sharp";
import { studioWithPhotos } from "@/test/fixtures";
import { useAppStack } from "@/test/app-stack";
import { darkShare, frameAt } from "@/test/video-frames";
import { publishDraft } from "@/test/listing";

useAppStack({ functions: [...v1Functions, ...studioFunctions] });
let studio: Awaited<ReturnType<typeof studioWithPhotos>>;

beforeAll(async () => {
  studio = await studioWithPhotos("Lena", 3);
}, 60_000);

async function settled(generationId: string, timeoutMs = 60_000) {
  const { api, workspaceId, projectId } = studio;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const generation = (await api.generations.list({ workspaceId, projectId })).find((g) => g.id === generationId);
    if (generation && generation.status !== "running") return generation;
    if (Date.now() > deadline) throw new Error(`generation ${generationId} still ${generation?.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function storedImage(url: string | null) {
  const key = await getBlobStore().resolveOwnUrl(url!);
  const blob = await getBlobStore().get(key!);
  return sharp(blob!.bytes).metadata();
}

describe("studio workflows over the v1 API", () => {
  it("stages a photo: the job is polled to completion, outputs are copied, one quota unit is recorded", async () => {
    const { api, workspaceId, projectId, photoIds } = studio;
    const { id } = await api.generations.stage({
      workspaceId,
      projectId,
      photoId: photoIds[0],
      redesignType: "staging",
      roomType: "living_room",
      style: "scandinavian",
      intensity: 0.6,
      fast: true,
    });
    const generation = await settled(id);
    expect(generation).toMatchObject({ kind: "staging", status: "completed", error: null });
    expect(generation.outputs).toHaveLength(1);
    const [output] = generation.outputs;
    expect(output).toMatchObject({ role: "staged", status: "completed", contentType: expect.stringMatching(/^image\//) });
    expect(output.url).not.toBe(output.sourceUrl);
    expect(await storedImage(output.url)).toMatchObject({ width: 320, height: 240 });
    // The result's WebP copies were made when it was copied in (never enlarged), and so were the photo's.
    for (const copy of [output.resized!.thumbUrl, output.resized!.displayUrl, output.sourceResized!.thumbUrl]) {
      expect(await storedImage(copy)).toMatchObject({ format: "webp", width: 320 });
    }
    // D14: the offline provider's staging is a style preview, and its download says so.
    expect(output).toMatchObject({ provider: "local", disclosure: { label: "Style preview", preview: true } });
    expect(await api.exports.exportOutput({ workspaceId, outputId: output.id, disclosure: true })).toMatchObject({
      labelled: true,
      label: "Style preview",
    });

    const usage = await api.usage.summary({ workspaceId });
    expect(usage.byOperation).toEqual([{ operation: "job", credits: 0, units: 1 }]);
    const quota = await api.usage.quota({ workspaceId });
    expect(quota).toMatchObject({ ok: true, usedThisMonth: 1 });
  }, 90_000);

  it("runs a multi-view set: views settle with their gate outcome, siblings are billed, a redo counts an attempt", async () => {
    const { api, workspaceId, projectId, photoIds } = studio;
    const { id } = await api.generations.multiview({
      workspaceId,
      projectId,
      anchorPhotoId: photoIds[0],
      viewPhotoIds: [photoIds[1]],
      roomType: "bedroom",
      style: "japandi",
      intensity: 0.6,
    });
    const generation = await settled(id);
    expect(generation.status).toBe("completed");
    const [anchor, sibling] = generation.outputs;
    expect(anchor).toMatchObject({ position: 0, status: "completed", gate: null, url: expect.any(String) });
    expect(anchor).toMatchObject({ provider: "local", disclosure: { label: "Style preview", preview: true } });
    expect(sibling).toMatchObject({ position: 1, status: "completed", attempts: 1, attemptsLeft: 3 });
    expect(["passed", "failed"]).toContain(sibling.gate);
    expect(sibling.url === null).toBe(sibling.gate === "failed");
    expect([anchor.sourceName, sibling.sourceName]).toEqual(["room-1.jpg", "room-2.jpg"]);
    expect(sibling.gateScores).toMatchObject({
      score: expect.any(Number),
      style: expect.any(Number),
      structure: expect.any(Number),
      thresholds: { style: 0.6, structure: 0.5 },
    });
    expect(anchor.gateScores).toBeNull();

    const redo = await api.generations.redoView({ workspaceId, generationId: id, viewIndex: 1 });
    expect(redo).toEqual({ attempt: 2, attemptsLeft: 2 });
    const again = await settled(id);
    expect(again.outputs[1]).toMatchObject({ status: "completed", attempts: 2 });
    const anchorRedo = await api.generations.redoView({ workspaceId, generationId: id, viewIndex: 0 }).catch((e: Error) => e.message);
    expect(anchorRedo).toMatch(/./);

    const usage = await api.usage.summary({ workspaceId });
    const op = (name: string) => usage.byOperation.find((row) => row.operation === name);
    expect(op("multiview")).toEqual({ operation: "multiview", credits: 1, units: 1 });
    expect(op("multiview_sibling")).toEqual({ operation: "multiview_sibling", credits: 6, units: 0 });
    expect(op("multiview_redo")).toEqual({ operation: "multiview_redo", credits: 0, units: 1 });
  }, 120_000);

  it("shows a sibling the gate held back with its scores and image, and keeps that image on screen during a redo", async () => {
    const { api, workspaceId, projectId, photoIds } = studio;
    const outdoor = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="320" height="140" fill="#1e6fe0"/><rect y="140" width="320" height="100" fill="#2fa83a"/><circle cx="250" cy="50" r="30" fill="#ffe000"/></svg>`;
    const bytes = await sharp(Buffer.from(outdoor)).jpeg().toBuffer();
    const [target] = await api.photos.prepareUploads({
      workspaceId,
      projectId,
      files: [{ fileName: "garden.jpg", contentType: "image/jpeg", bytes: bytes.length }],
    });
    await getBlobStore().put(target.key, bytes, "image/jpeg");
    const gardenId = (await api.photos.confirmUpload({ workspaceId, projectId, key: target.key, fileName: "garden.jpg" })).id;
    const { id } = await api.generations.multiview({
      workspaceId,
      projectId,
      anchorPhotoId: photoIds[0],
      viewPhotoIds: [gardenId],
      roomType: "bedroom",
      style: "japandi",
      intensity: 0.6,
    });
    const [, sibling] = (await settled(id)).outputs;
    expect(sibling).toMatchObject({
      sourceName: "garden.jpg",
      status: "completed",
      gate: "failed",
      url: null,
      heldBackUrl: expect.any(String),
    });
    expect(sibling.gateScores!.style).toBeLessThan(sibling.gateScores!.thresholds.style);
    const heldBack = await fetch(sibling.heldBackUrl!);
    expect([heldBack.status, heldBack.headers.get("content-type")]).toEqual([200, expect.stringMatching(/^image\//)]);

    await api.generations.redoView({ workspaceId, generationId: id, viewIndex: 1 });
    const [, redoing] = (await api.generations.list({ workspaceId, projectId })).find((g) => g.id === id)!.outputs;
    expect(redoing).toMatchObject({ status: "running", attempts: 2, gate: null, heldBackUrl: expect.any(String) });
    const [, redone] = (await settled(id)).outputs;
    expect(redone).toMatchObject({ status: "completed", attempts: 2, gate: "failed", heldBackUrl: expect.any(String) });
    // The first attempt's held-back copy is replaced, not left behind in storage.
    expect((await fetch(sibling.heldBackUrl!)).status).toBe(404);
    expect((await fetch(sibling.heldBackResized!.thumbUrl!)).status).toBe(404);
    expect((await fetch(redone.heldBackResized!.thumbUrl!)).status).toBe(200);
  }, 120_000);

  it("keeps a published view's image through a redo: the listing page shows it until the next publish", async () => {
    const { api, workspaceId, projectId, photoIds } = studio;
    const scope = { workspaceId, projectId };
    const { id } = await api.generations.multiview({
      ...scope,
      anchorPhotoId: photoIds[0],
      viewPhotoIds: [photoIds[2]],
      roomType: "kitchen",
      style: "japandi",
      intensity: 0.6,
    });
    const [, view] = (await settled(id)).outputs;
    expect(view).toMatchObject({ gate: "passed", url: expect.any(String) });
    await api.listings.setPicks({ ...scope, picks: [{ outputId: view.id }] });
    const { path } = await publishDraft(api, scope);
    const token = path.split("/").pop()!;
    const shownKey = async () => getBlobStore().resolveOwnUrl((await api.exports.share({ token })).items[0].alteredUrl);
    const published = await shownKey();

    await api.generations.redoView({ workspaceId, generationId: id, viewIndex: 1 });
    const [, redone] = (await settled(id)).outputs;
    expect(redone).toMatchObject({ attempts: 2, gate: "passed" });
    // The page still shows the published image, and its file is still there.
    expect(await shownKey()).toBe(published);
    expect((await api.exports.share({ token })).items[0].id).toBe(view.id);
    expect((await fetch((await api.exports.share({ token })).items[0].alteredUrl)).status).toBe(200);
    await publishDraft(api, scope);
    expect(await shownKey()).not.toBe(published);
    await api.listings.unpublish(scope);
    await api.listings.setPicks({ ...scope, picks: [] });
  }, 120_000);

  it("runs inpaint then upscale as a durable chain and keeps both outputs; exports add the disclosure label", async () => {
    const { api, workspaceId, projectId, photoIds } = studio;
    const mask = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#000000" } })
      .composite([{ input: { create: { width: 60, height: 50, channels: 3, background: "#ffffff" } }, left: 120, top: 100 }])
      .png()
      .toBuffer();
    const { id } = await api.generations.inpaintUpscale({
      workspaceId,
      projectId,
      photoId: photoIds[2],
      maskDataUrl: `data:image/png;base64,${mask.toString("base64")}`,
      inpaintingType: "remove",
      renderType: "interior",
    });
    const generation = await settled(id);
    expect(generation.status).toBe("completed");
    const [inpainted, upscaled] = generation.outputs;
    expect(inpainted).toMatchObject({ role: "inpainted", status: "completed" });
    expect(upscaled).toMatchObject({ role: "upscaled", status: "completed" });
    // A removal is "Digitally altered" with what was done; its upscale shows the same alteration.
    expect(inpainted.disclosure).toMatchObject({ label: "Digitally altered: items removed", preview: false });
    expect(upscaled.disclosure).toMatchObject({ label: "Digitally altered: items removed", preview: false });
    expect(await storedImage(inpainted.url)).toMatchObject({ width: 320, height: 240 });
    expect(await storedImage(upscaled.url)).toMatchObject({ width: 640, height: 480 });

    const usage = await api.usage.summary({ workspaceId });
    expect(usage.byOperation.filter((row) => ["inpaint", "upscale"].includes(row.operation))).toEqual([
      { operation: "upscale", credits: 2, units: 1 },
      { operation: "inpaint", credits: 1, units: 1 },
    ]);

    const plain = await api.exports.exportOutput({ workspaceId, outputId: inpainted.id, disclosure: false });
    const labelled = await api.exports.exportOutput({ workspaceId, outputId: inpainted.id, disclosure: true });
    expect(labelled).toMatchObject({
      labelled: true,
      fileName: expect.stringMatching(/-digitally-altered-items-removed-1-labelled\.jpg$/),
      label: "Digitally altered: items removed",
    });
    const pixels = async (url: string) => {
      const blob = await getBlobStore().get((await getBlobStore().resolveOwnUrl(url))!);
      return sharp(blob!.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    };
    const [before, after] = await Promise.all([pixels(plain.url), pixels(labelled.url)]);
    // The label sits in the bottom-left corner and turns it dark; the top-right is untouched apart from JPEG noise.
    const at = (image: typeof before, x: number, y: number) => image.data[(y * image.info.width + x) * 3];
    // Sampled below the text line: the longer "Digitally altered: …" label puts a glyph where x = 20.
    expect(at(after, 60, 229)).toBeLessThan(at(before, 60, 229) - 40);
    expect(Math.abs(at(after, 300, 10) - at(before, 300, 10))).toBeLessThan(12);
  }, 120_000);

  it("renders a video with progress and a playable file, and writes a property description with its image analysis", async () => {
    const { api, workspaceId, projectId, photoIds } = studio;
    const staged = (await api.generations.list({ workspaceId, projectId })).find((g) => g.kind === "staging")!.outputs[0];
    const video = await api.generations.video({
      workspaceId,
      projectId,
      mode: "before_after",
      image: { type: "photo", id: photoIds[0] },
      tailImage: { type: "output", id: staged.id },
    });
    const description = await api.generations.describe({
      workspaceId,
      projectId,
      photoIds: photoIds.slice(0, 2),
      property: {
        address: "12 Harbour View",
        propertyType: "house",
        listingStatus: "draft",
        listingType: "sale",
        price: 850000,
        bedrooms: 3,
        bathrooms: 2,
        highlights: ["Roof replaced in 2024"],
      },
      tone: "warm",
      length: "medium",
      language: "en",
    });
    const copy = await settled(description.id);
    expect(copy.status).toBe("completed");
    expect(copy.result).toMatchObject({ description: expect.stringMatching(/\w+/), imageAnalysis: [{ index: 0 }, { index: 1 }] });
    // The project's facts reach the copy: price with its currency, rooms, the agent's highlight; never "draft".
    const text = String(copy.result!.description);
    expect(text).toMatch(/\$850,000/);
    expect(text).toMatch(/3 bedrooms and 2 bathrooms/);
    expect(text).toMatch(/Roof replaced in 2024\./);
    expect(text).not.toMatch(/draft|photo \d/i);

    const rendered = await settled(video.id, 120_000);
    expect(rendered).toMatchObject({ status: "completed", progress: 100 });
    expect(rendered.outputs[0]).toMatchObject({ role: "video", contentType: "video/mp4", url: expect.any(String) });
    // Its end image is a style preview: the label is burned into the frames that show it
    // (from 20 % of the clip, as the offline before / after brings it in), not the first ones.
    expect(rendered.result).toEqual({ frames: { label: "Style preview", windows: [{ from: 1, to: 5 }] } });
    expect(rendered.outputs[0].disclosure).toMatchObject({ label: "Style preview" });
    const mp4 = Buffer.from(await (await fetch(rendered.outputs[0].url!)).arrayBuffer());
    const pillArea = { left: 0.06, top: 0.84, width: 0.12, height: 0.06 };
    // The label's pill is near-black; the room behind it (wall, brown floor) is not.
    const [before, after] = [await darkShare(await frameAt(mp4, 0.3), pillArea), await darkShare(await frameAt(mp4, 4.8), pillArea)];
    expect(before, "no label over the unaltered start").toBeLessThan(0.05);
    expect(after, "the label over the altered end").toBeGreaterThan(0.4);

    const usage = await api.usage.summary({ workspaceId });
    expect(usage.byOperation.find((row) => row.operation === "video")).toEqual({ operation: "video", credits: 27, units: 1 });
    expect(usage.byOperation.find((row) => row.operation === "property_description")).toEqual({
      operation: "property_description",
      credits: 1,
      units: 1,
    });
    expect(usage.byMember).toEqual([{ userId: studio.user.id, name: "Lena", credits: usage.credits, units: usage.units }]);
  }, 180_000);

  it("shows refusals from the service in plain words and records nothing", async () => {
    const other = await studioWithPhotos("Noor", 1);
    const db = await getDb();
    const [workspace] = await db.select().from(workspaces).where(eq(workspaces.id, other.workspaceId));
    await setPlan(db, { accountId: workspace.v1AccountId!, plan: "free", source: "operator" });
    const refusal = await other.api.generations
      .video({
        workspaceId: other.workspaceId,
        projectId: other.projectId,
        mode: "zoom_in",
        image: { type: "photo", id: other.photoIds[0] },
      })
      .catch((e: TRPCError) => e);
    expect(refusal).toMatchObject({ code: "FORBIDDEN", message: expect.stringMatching(/plan does not include this feature/) });
    expect(await other.api.generations.list({ workspaceId: other.workspaceId, projectId: other.projectId })).toEqual([]);
    expect((await other.api.usage.summary({ workspaceId: other.workspaceId })).units).toBe(0);
  });

  it("publishes a share page with each picked altered image beside its original, and turns it off", async () => {
    const { api, workspaceId, projectId } = studio;
    const results = (await api.generations.list({ workspaceId, projectId }))
      .flatMap((g) => g.outputs)
      .filter((o) => o.url && o.role !== "video");
    await api.listings.setPicks({ workspaceId, projectId, picks: results.map((o) => ({ outputId: o.id })) });
    const link = await publishDraft(api, { workspaceId, projectId });
    const token = link.path.split("/").pop()!;
    const share = await api.exports.share({ token });
    expect(share.address).toBe("12 Harbour View");
    expect(share.items.length).toBeGreaterThanOrEqual(3);
    // Offline outputs: staging reads as a style preview, removals as what they are; nothing claims virtual staging.
    expect(share.items.map((item) => item.label)).toContain("Style preview");
    expect(share.items.map((item) => item.label)).toContain("Digitally altered: items removed");
    expect(share.items.map((item) => item.label)).not.toContain("Virtually staged");
    expect(share.items.find((item) => item.label === "Style preview")).toMatchObject({
      preview: true,
      remark: expect.stringMatching(/no furniture added/),
    });
    for (const item of share.items) expect(item.originalUrl).not.toBe(item.alteredUrl);
    // Image links are signed per view and short-lived: a turned-off link's images stop loading soon.
    const nowSeconds = Math.floor(Date.now() / 1000);
    for (const url of share.items.flatMap((item) => [item.alteredUrl, item.originalUrl, item.changes?.overlayUrl ?? item.alteredUrl])) {
      const expires = Number(new URL(url).searchParams.get("exp"));
      expect(expires - nowSeconds).toBeGreaterThan(0);
      expect(expires - nowSeconds).toBeLessThanOrEqual(SHARE_IMAGE_URL_TTL_SECONDS + 5);
    }
    expect(await api.exports.shareLink({ workspaceId, projectId })).toMatchObject({ path: link.path });

    await api.listings.unpublish({ workspaceId, projectId });
    expect(await api.exports.share({ token }).catch((e: { code: string }) => e.code)).toBe("NOT_FOUND");
    expect(await api.exports.shareLink({ workspaceId, projectId })).toBeNull();
  });
});
