/**
 * The listing's zip holds what the page shows, numbered as the page and the remark:
 * `photo-0n-…` for the page's "Photo n", each labelled, the remark text and a manifest
 * of what was altered and how. It is the published version, and says which; before the
 * first publish it is the team's draft, and says so.
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
import { publishDraft } from "@/test/listing";
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
      const generation = await insertGeneration(
        ctx,
        { id: crypto.randomUUID(), ...scope, createdBy: studio.user.id, kind: "staging", photoId: photo.id, params },
        [{ role: "staged", position: 0, sourceKey: photo.storageKey }],
      );
      const [output] = await loadOutputs(ctx, generation.id);
      const key = `${photo.storageKey}.zip-${index}.jpg`;
      await store.put(
        key,
        await sharp((await store.get(photo.storageKey))!.bytes)
          .modulate({ hue: 40 })
          .jpeg()
          .toBuffer(),
        "image/jpeg",
      );
      await updateOutput(ctx, output, { status: "completed", provider, storageKey: key, contentType: "image/jpeg" });
      outputIds.push(output.id);
    }
    await expect(listingZip(ctx, { ...scope, userId: studio.user.id })).rejects.toMatchObject({ code: "conflict" });
    await studio.api.listings.setPicks({
      ...scope,
      picks: [{ outputId: outputIds[1], caption: "Staged living room" }, { outputId: outputIds[0] }],
    });
    const draft = await listingZip(ctx, { ...scope, userId: studio.user.id });
    expect(draft.fileName).toBe("12-harbour-view-listing-draft.zip");
    const draftFiles = unzipSync(new Uint8Array(await readAll(draft.stream)));
    expect(Buffer.from(draftFiles["mls-remark.txt"]).toString("utf8")).toMatch(/^Draft: the listing page is not published\./m);
    expect(JSON.parse(Buffer.from(draftFiles["manifest.json"]).toString("utf8"))).toMatchObject({
      version: null,
      draft: expect.stringMatching(/^Draft/),
    });

    const { path } = await publishDraft(studio.api, scope);
    const page = await (await callerFor(null)).exports.share({ token: path.split("/").pop()! });

    const { fileName, stream } = await listingZip(ctx, { ...scope, userId: studio.user.id });
    expect(fileName).toBe("12-harbour-view-listing-v1.zip");
    const files = unzipSync(new Uint8Array(await readAll(stream)));
    expect(Object.keys(files)).toEqual([
      "photo-01-virtually-staged.jpg",
      "photo-02-digitally-altered-items-removed.jpg",
      "mls-remark.txt",
      "manifest.json",
    ]);
    const manifest = JSON.parse(Buffer.from(files["manifest.json"]).toString("utf8")) as {
      files: ManifestEntry[];
      listingPage: string;
      version: { number: number; stamp: string };
    };
    expect(manifest.version).toMatchObject({ number: 1, stamp: page.version.stamp });
    // The manifest, the page and the remark say the same thing about the same numbers.
    expect(manifest.files.map((f) => [f.name, f.caption, f.label])).toEqual(
      page.items.map((item) => [item.name, item.caption, item.label]),
    );
    expect(manifest.files.map((f) => [f.edit, f.provider])).toEqual([
      ["staging", "replicate"],
      ["declutter", "local"],
    ]);
    expect(manifest.files[0].changes?.summary).toEqual(page.items[0].changes?.summary);
    const remark = Buffer.from(files["mls-remark.txt"]).toString("utf8");
    expect(remark).toContain("Photo 1: virtually staged. Photo 2: digitally altered: items removed.");
    expect(remark).toContain(manifest.listingPage);
    expect(remark).toContain(`(${page.version.stamp})`);
    expect(remark).not.toMatch(/Draft/);

    // Each file is labelled: its QR code opens its own image page.
    const { data, info } = await sharp(Buffer.from(files["photo-01-virtually-staged.jpg"]))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
    expect(code?.data).toBe(manifest.files[0].disclosurePage);
    const imagePage = await (await callerFor(null)).exports.imagePage({ token: new URL(code!.data).pathname.split("/").pop()! });
    expect(imagePage.item.id).toBe(outputIds[1]);
  }, 60_000);

  it("keeps the published version's files until the next publish, then holds the new one and names it", async () => {
    const studio = await studioWithPhotos("Jory", 2);
    const scope = { workspaceId: studio.workspaceId, projectId: studio.projectId };
    const ctx = await createStudioContext();
    const store = getBlobStore();
    const outputIds: string[] = [];
    for (const index of [0, 1]) {
      const [photo] = await ctx.db.select().from(photos).where(eq(photos.id, studio.photoIds[index]));
      const generation = await insertGeneration(
        ctx,
        {
          id: crypto.randomUUID(),
          ...scope,
          createdBy: studio.user.id,
          kind: "staging",
          photoId: photo.id,
          params: { redesign_type: index ? "staging" : "declutter" },
        },
        [{ role: "staged", position: 0, sourceKey: photo.storageKey }],
      );
      const [output] = await loadOutputs(ctx, generation.id);
      await store.put(`${photo.storageKey}.v-${index}.jpg`, (await store.get(photo.storageKey))!.bytes, "image/jpeg");
      await updateOutput(ctx, output, {
        status: "completed",
        provider: "replicate",
        storageKey: `${photo.storageKey}.v-${index}.jpg`,
        contentType: "image/jpeg",
      });
      outputIds.push(output.id);
    }
    const names = async () => {
      const zip = await listingZip(ctx, { ...scope, userId: studio.user.id });
      const files = unzipSync(new Uint8Array(await readAll(zip.stream)));
      return [
        zip.fileName,
        ...Object.keys(files).filter((name) => name.startsWith("photo-")),
        Buffer.from(files["mls-remark.txt"]).toString("utf8").split("\n")[0],
      ];
    };
    await studio.api.listings.setPicks({ ...scope, picks: [{ outputId: outputIds[0] }] });
    await publishDraft(studio.api, scope);
    const first = await names();
    expect(first.slice(0, 2)).toEqual(["12-harbour-view-listing-v1.zip", "photo-01-digitally-altered-items-removed.jpg"]);
    expect(first[2]).toMatch(/Photo 1: digitally altered: items removed\. .*\(Version 1, published /);

    // The staging goes first in the draft: the zip stays version 1 until someone publishes.
    await studio.api.listings.setPicks({ ...scope, picks: [{ outputId: outputIds[1] }, { outputId: outputIds[0] }] });
    expect(await names()).toEqual(first);
    await publishDraft(studio.api, scope);
    const second = await names();
    expect(second.slice(0, 3)).toEqual([
      "12-harbour-view-listing-v2.zip",
      "photo-01-virtually-staged.jpg",
      "photo-02-digitally-altered-items-removed.jpg",
    ]);
    expect(second[3]).toMatch(/Photo 1: virtually staged\. Photo 2: digitally altered: items removed\. .*\(Version 2, published /);
  }, 60_000);
});
