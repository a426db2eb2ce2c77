/**
 * The listing's zip holds what the page shows, numbered as the page and the remark:
 * `photo-0n-…` for the page's "Photo n", each labelled, the remark text and a manifest
 * of what was altered and how.
 */
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import jsQR from "jsqr";
import { describe, expect, it } from "vitest";
import { photos } from "@/db/schema";
import { sharp } from "@/server/images/sharp";
import { getBlobStore } from "@/server/storage";
import { callerFor } from "@/test/callers";
import { studioWithPhotos } from "@/test/fixtures";
import { useAppStack } from "@/test/app-stack";
import { createStudioContext } from "../context";
import { insertGeneration, loadOutputs, updateOutput } from "../generations/records";
import { listingZip, type ManifestEntry } from "./listing-zip";

useAppStack();

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("the listing's zip", () => {
  it("holds the picked results named by the page's numbers, labelled, with the remark and a manifest that match the page", async () => {
    const studio = await studioWithPhotos("Ines", 2);
    const scope = { workspaceId: studio.workspaceId, projectId: studio.projectId };
    const ctx = await createStudioContext();
    const store = getBlobStore();
    const outputIds: string[] = [];
    for (const [index, params, provider] of [
      [0, { redesign_type: "declutter" }, "local"],
      [1, { redesign_type: "staging" }, "replicate"],
    ] as const) {
      const [photo] = await ctx.db.select().from(photos).where(eq(photos.id, studio.photoIds[index]));
      const generation = await insertGeneration(ctx, { id: crypto.randomUUID(), ...scope, createdBy: studio.user.id, kind: "staging", photoId: photo.id, params }, [
        { role: "staged", position: 0, sourceKey: photo.storageKey },
      ]);
      const [output] = await loadOutputs(ctx, generation.id);
      const key = `${photo.storageKey}.zip-${index}.jpg`;
      await store.put(key, await sharp((await store.get(photo.storageKey))!.bytes).modulate({ hue: 40 }).jpeg().toBuffer(), "image/jpeg");
      await updateOutput(ctx, output, { status: "completed", provider, storageKey: key, contentType: "image/jpeg" });
      outputIds.push(output.id);
    }
    await expect(listingZip(ctx, { ...scope, userId: studio.user.id })).rejects.toMatchObject({ code: "conflict" });
    await studio.api.listings.setPicks({ ...scope, picks: [{ outputId: outputIds[1], caption: "Staged living room" }, { outputId: outputIds[0] }] });
    const { path } = await studio.api.exports.createShareLink(scope);
    const page = await (await callerFor(null)).exports.share({ token: path.split("/").pop()! });

    const { fileName, stream } = await listingZip(ctx, { ...scope, userId: studio.user.id });
    expect(fileName).toBe("12-harbour-view-listing.zip");
    const files = unzipSync(new Uint8Array(await readAll(stream)));
    expect(Object.keys(files)).toEqual(["photo-01-virtually-staged.jpg", "photo-02-digitally-altered-items-removed.jpg", "mls-remark.txt", "manifest.json"]);
    const manifest = JSON.parse(Buffer.from(files["manifest.json"]).toString("utf8")) as { files: ManifestEntry[]; listingPage: string };
    // The manifest, the page and the remark say the same thing about the same numbers.
    expect(manifest.files.map((f) => [f.name, f.caption, f.label])).toEqual(page.items.map((item) => [item.name, item.caption, item.label]));
    expect(manifest.files.map((f) => [f.edit, f.provider])).toEqual([
      ["staging", "replicate"],
      ["declutter", "local"],
    ]);
    expect(manifest.files[0].changes?.summary).toEqual(page.items[0].changes?.summary);
    const remark = Buffer.from(files["mls-remark.txt"]).toString("utf8");
    expect(remark).toContain("Photo 1: virtually staged. Photo 2: digitally altered: items removed.");
    expect(remark).toContain(manifest.listingPage);

    // Each file is labelled: its QR code opens its own image page.
    const { data, info } = await sharp(Buffer.from(files["photo-01-virtually-staged.jpg"])).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
    expect(code?.data).toBe(manifest.files[0].disclosurePage);
    const imagePage = await (await callerFor(null)).exports.imagePage({ token: new URL(code!.data).pathname.split("/").pop()! });
    expect(imagePage.item.id).toBe(outputIds[1]);
  }, 60_000);
});
