/**
 * The labelled download of an altered photo carries its statement and a QR code that
 * still scans after an MLS shrinks the file to 1024 px, and the QR code leads to that
 * image's own disclosure page's public data and from there, over HTTP, to the unaltered
 * original (e2e/app/compliance.spec.ts follows the same path through the rendered page).
 */
import jsQR from "jsqr";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { generationOutputs, generations } from "@/db/schema/studio-generations";
import { sharp } from "@/server/images/sharp";
import { syntheticRoom } from "@/test/synthetic-room";
import { getBlobStore } from "@/server/storage";
import { callerFor, newPerson } from "@/test/callers";
import { projectFields, studioWithPhotos } from "@/test/fixtures";
import { photos } from "@/db/schema/studio";
import { eq } from "drizzle-orm";
import { useAppStack } from "@/test/app-stack";
import { publishDraft } from "@/test/listing";

useAppStack();

async function download(url: string): Promise<Buffer> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** A finished staging output of a 3000 × 2000 photo, as the studio records one. */
async function stagedPhoto() {
  const { user, api } = await newPerson("Quinn");
  const workspaceId = (await api.workspaces.create({ name: "Quinn Realty" })).id;
  const projectId = (await api.projects.create({ workspaceId, fields: projectFields })).id;
  const store = getBlobStore();
  const original = await syntheticRoom({ width: 3000, height: 2000, box: true, format: "jpeg" });
  const staged = await syntheticRoom({ width: 3000, height: 2000, box: false, wall: "#b9c7b0", format: "jpeg" });
  const stem = `studio/${workspaceId}/projects/${projectId}/test-${crypto.randomUUID()}`;
  await store.put(`${stem}/original.jpg`, original, "image/jpeg");
  await store.put(`${stem}/staged.jpg`, staged, "image/jpeg");
  const db = await getDb();
  const [generation] = await db
    .insert(generations)
    .values({
      id: crypto.randomUUID(),
      workspaceId,
      projectId,
      createdBy: user.id,
      kind: "staging",
      status: "completed",
      params: { redesign_type: "staging" },
    })
    .returning();
  const [output] = await db
    .insert(generationOutputs)
    .values({
      generationId: generation.id,
      workspaceId,
      role: "staged",
      position: 0,
      status: "completed",
      sourceKey: `${stem}/original.jpg`,
      storageKey: `${stem}/staged.jpg`,
      contentType: "image/jpeg",
    })
    .returning();
  return { api, workspaceId, projectId, outputId: output.id, original };
}

describe("labelled downloads", () => {
  it("carry a QR code that survives resizing to 1024 px and leads to the unaltered original", async () => {
    const { api, workspaceId, projectId, outputId, original } = await stagedPhoto();
    const exported = await api.exports.exportOutput({ workspaceId, outputId, disclosure: true });
    expect(exported.labelled).toBe(true);
    // Downloading publishes nothing of the listing.
    expect(await api.exports.shareLink({ workspaceId, projectId })).toBeNull();

    // What an MLS does: shrink to 1024 px on the long side and recompress.
    const labelled = await download(exported.url);
    expect(await sharp(labelled).metadata()).toMatchObject({ width: 3000, height: 2000 });
    const resized = await sharp(labelled).resize(1024, 1024, { fit: "inside" }).jpeg({ quality: 70 }).toBuffer();
    const { data, info } = await sharp(resized).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(1024);
    const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
    expect(code, "QR code found in the 1024 px download").not.toBeNull();
    const target = new URL(code!.data);
    expect(target.toString()).toBe(exported.pageUrl);

    // Follow it: the image page's data (the public procedure the page renders, signed out), then the original over HTTP.
    const token = target.pathname.split("/").pop()!;
    const { item } = await (await callerFor(null)).exports.imagePage({ token });
    expect(item.id).toBe(outputId);
    expect(Buffer.compare(await download(item.originalUrl), original)).toBe(0);
  });

  it("keep their page when the listing page is published, and reuse the labelled copy", async () => {
    const { api, workspaceId, projectId, outputId } = await stagedPhoto();
    const first = await api.exports.exportOutput({ workspaceId, outputId, disclosure: true });
    await publishDraft(api, { workspaceId, projectId });
    const second = await api.exports.exportOutput({ workspaceId, outputId, disclosure: true });
    expect(new URL(second.url).pathname).toBe(new URL(first.url).pathname);
    expect(second.pageUrl).toBe(first.pageUrl);
    const plain = await api.exports.exportOutput({ workspaceId, outputId, disclosure: false });
    expect(plain.labelled).toBe(false);
  });
});

describe("download names", () => {
  /** A finished staging of the fixture's photo (room-1.jpg), made by `provider`. */
  async function stagingOf(provider: string) {
    const home = await studioWithPhotos("Nadia", 1);
    const db = await getDb();
    const [photo] = await db.select().from(photos).where(eq(photos.id, home.photoIds[0]));
    const key = `studio/${home.workspaceId}/projects/${home.projectId}/test-${crypto.randomUUID()}/staged.jpg`;
    await getBlobStore().put(key, await syntheticRoom({ width: 640, height: 480, box: false, format: "jpeg" }), "image/jpeg");
    const [generation] = await db
      .insert(generations)
      .values({
        workspaceId: home.workspaceId,
        projectId: home.projectId,
        createdBy: home.user.id,
        kind: "staging",
        status: "completed",
        photoId: photo.id,
        params: { redesign_type: "staging", style: "scandinavian" },
      })
      .returning();
    const [output] = await db
      .insert(generationOutputs)
      .values({
        generationId: generation.id,
        workspaceId: home.workspaceId,
        role: "staged",
        position: 0,
        status: "completed",
        sourceKey: photo.storageKey,
        storageKey: key,
        contentType: "image/jpeg",
        provider,
      })
      .returning();
    return { ...home, outputId: output.id };
  }

  it("say what the image is: a style preview is never called staged", async () => {
    const preview = await stagingOf("local");
    const labelled = await preview.api.exports.exportOutput({
      workspaceId: preview.workspaceId,
      outputId: preview.outputId,
      disclosure: true,
    });
    expect(labelled.fileName).toBe("room-1-style-preview-scandinavian-1-labelled.jpg");
    const plain = await preview.api.exports.exportOutput({
      workspaceId: preview.workspaceId,
      outputId: preview.outputId,
      disclosure: false,
    });
    expect(plain.fileName).toBe("room-1-style-preview-scandinavian-1.jpg");
  });

  it("name a generative staging as virtually staged", async () => {
    const staged = await stagingOf("replicate");
    const labelled = await staged.api.exports.exportOutput({
      workspaceId: staged.workspaceId,
      outputId: staged.outputId,
      disclosure: true,
    });
    expect(labelled.fileName).toBe("room-1-virtually-staged-scandinavian-1-labelled.jpg");
  });
});
