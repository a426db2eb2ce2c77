import { TRPCError } from "@trpc/server";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUT } from "@/app/files/[...key]/route";
import { inArray } from "drizzle-orm";
import { closeDb, getDb } from "@/db/client";
import { uploads } from "@/db/schema/studio-uploads";
import { createStudioContext } from "@/server/studio/context";
import { removeStaleUploads, UPLOAD_CONFIRM_WINDOW_MS } from "@/server/studio/photos/remove-stale-uploads";
import { derivativeKey } from "@/server/images/derivatives";
import { getBlobStore } from "@/server/storage";
import { callerFor, newPerson } from "@/test/callers";

let owner: Awaited<ReturnType<typeof newPerson>>;
let workspaceId: string;
let projectId: string;

const fields = {
  address: "7 Elm Row",
  propertyType: "apartment",
  listingStatus: "draft",
  listingType: "rent",
  price: null,
  bedrooms: 1,
  bathrooms: 1,
  notes: "",
} as const;

/** A 60×40 JPEG whose EXIF says "rotate 90° clockwise to display" (orientation 6), as phones write. */
function sidewaysJpeg() {
  return sharp({ create: { width: 60, height: 40, channels: 3, background: "#a3b18a" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/**
 * Stands in for the browser's PUT to the presigned URL: no web server runs here, so the
 * bytes go into the store directly (the browser test covers the real PUT).
 */
async function uploadAs(fileName: string, contentType: string, bytes: Buffer) {
  const [target] = await owner.api.photos.prepareUploads({
    workspaceId,
    projectId,
    files: [{ fileName, contentType, bytes: bytes.length }],
  });
  expect(target).toMatchObject({ method: "PUT", headers: { "Content-Type": contentType } });
  await getBlobStore().put(target.key, bytes, contentType);
  return target.key;
}

beforeAll(async () => {
  owner = await newPerson("Pia");
  workspaceId = (await owner.api.workspaces.create({ name: "Elm Lettings" })).id;
  projectId = (await owner.api.projects.create({ workspaceId, fields })).id;
});

afterAll(closeDb);

describe("photo uploads", () => {
  it("refuses other types and oversized files before issuing an upload URL", async () => {
    const attempt = (contentType: string, bytes: number) =>
      owner.api.photos
        .prepareUploads({ workspaceId, projectId, files: [{ fileName: "x", contentType, bytes }] })
        .catch((e: TRPCError) => e.code);
    expect(await attempt("image/gif", 100)).toBe("BAD_REQUEST");
    expect(await attempt("image/jpeg", 25 * 1024 * 1024 + 1)).toBe("BAD_REQUEST");
  });

  it("bakes EXIF orientation into the pixels and records the upright size", async () => {
    const key = await uploadAs("kitchen.jpg", "image/jpeg", await sidewaysJpeg());
    const photo = await owner.api.photos.confirmUpload({ workspaceId, projectId, key, fileName: "kitchen.jpg" });
    expect([photo.width, photo.height]).toEqual([40, 60]);
    const stored = await getBlobStore().get(photo.storageKey);
    const meta = await sharp(stored!.bytes).metadata();
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([40, 60, 1]);

    const again = await owner.api.photos.confirmUpload({ workspaceId, projectId, key, fileName: "kitchen.jpg" });
    expect(again.id).toBe(photo.id);
    const listed = await owner.api.photos.list({ workspaceId, projectId });
    expect(listed.map((p) => p.fileName)).toEqual(["kitchen.jpg"]);
    // The page's small copies were made once, upright, in WebP, and the list links them.
    const thumb = await getBlobStore().get(derivativeKey(photo.storageKey, "thumb"));
    expect(thumb?.contentType).toBe("image/webp");
    expect(await sharp(thumb!.bytes).metadata()).toMatchObject({ format: "webp", width: 40, height: 60 });
    expect(await getBlobStore().resolveOwnUrl(listed[0].thumbUrl!)).toBe(derivativeKey(photo.storageKey, "thumb"));
    expect(await getBlobStore().resolveOwnUrl(listed[0].displayUrl!)).toBe(derivativeKey(photo.storageKey, "display"));
    expect((await owner.api.projects.list({ workspaceId }))[0]).toMatchObject({ photoCount: 1, coverUrl: expect.any(String) });
  });

  it("rejects bytes that are not an image even when labelled as one, and removes them", async () => {
    const key = await uploadAs("fake.png", "image/png", Buffer.from("not really a png"));
    const code = await owner.api.photos
      .confirmUpload({ workspaceId, projectId, key, fileName: "fake.png" })
      .catch((e: TRPCError) => e.code);
    expect(code).toBe("BAD_REQUEST");
    expect(await getBlobStore().get(key)).toBeNull();
  });

  it("refuses to record a key outside the project", async () => {
    const other = (await owner.api.projects.create({ workspaceId, fields: { ...fields, address: "9 Elm Row" } })).id;
    const key = await uploadAs("hall.jpg", "image/jpeg", await sidewaysJpeg());
    const code = await owner.api.photos
      .confirmUpload({ workspaceId, projectId: other, key, fileName: "hall.jpg" })
      .catch((e: TRPCError) => e.code);
    expect(code).toBe("FORBIDDEN");
  });

  it("answers 400, not a server error, for a malformed upload key (round 3, I1)", async () => {
    const key = await uploadAs("attic.jpg", "image/jpeg", await sidewaysJpeg());
    const prefix = key.slice(0, key.lastIndexOf("/") + 1);
    for (const crafted of [`${prefix}../../../../escape.jpg`, `${prefix}.hidden.jpg`, `${prefix}a//b.jpg`, `${prefix}`]) {
      const code = await owner.api.photos.confirmUpload({ workspaceId, projectId, key: crafted, fileName: "attic.jpg" }).then(
        () => "OK",
        (e: TRPCError) => e.code,
      );
      expect(code, crafted).toBe("BAD_REQUEST");
    }
  });
});

/** The browser's PUT, through the files route, with the target prepareUploads handed out. */
async function putThrough(target: { url: string; method: string; headers?: Record<string, string> }, bytes: Buffer) {
  const segments = new URL(target.url).pathname.split("/").slice(2).map(decodeURIComponent);
  const request = new Request(target.url, { method: "PUT", headers: target.headers, body: new Uint8Array(bytes) });
  return (await PUT(request, { params: Promise.resolve({ key: segments }) })).status;
}

describe("upload links", () => {
  it("cannot change a confirmed photo: the link is spent, and the photo lives under a key no link reaches", async () => {
    const upright = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#335577" } })
      .jpeg()
      .toBuffer();
    const [target] = await owner.api.photos.prepareUploads({
      workspaceId,
      projectId,
      files: [{ fileName: "den.jpg", contentType: "image/jpeg", bytes: upright.length }],
    });
    expect(await putThrough(target, upright)).toBe(200);
    const photo = await owner.api.photos.confirmUpload({ workspaceId, projectId, key: target.key, fileName: "den.jpg" });
    expect(photo.storageKey).not.toBe(target.key);

    expect(await putThrough(target, Buffer.from("swapped after the checks"))).toBe(409);
    expect((await getBlobStore().get(photo.storageKey))?.bytes.equals(upright)).toBe(true);
    expect(await getBlobStore().get(target.key)).toBeNull();
  });

  it("removes an upload nobody confirmed within a day, and keeps confirmed photos and younger uploads", async () => {
    const bytes = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#775533" } })
      .jpeg()
      .toBuffer();
    const file = { fileName: "x.jpg", contentType: "image/jpeg", bytes: bytes.length };
    const [recent] = await owner.api.photos.prepareUploads({ workspaceId, projectId, files: [file] });
    // Prepared a day and a minute ago, as the studio context's clock says.
    const yesterday = await callerFor(owner.user, { now: () => new Date(Date.now() - UPLOAD_CONFIRM_WINDOW_MS - 60_000) });
    const [confirmed, abandoned] = await yesterday.photos.prepareUploads({ workspaceId, projectId, files: [file, file] });
    for (const target of [confirmed, abandoned, recent]) expect(await putThrough(target, bytes)).toBe(200);
    const photo = await owner.api.photos.confirmUpload({ workspaceId, projectId, key: confirmed.key, fileName: "kept.jpg" });

    await removeStaleUploads(await createStudioContext());
    expect(await getBlobStore().get(abandoned.key)).toBeNull();
    expect(await getBlobStore().get(photo.storageKey)).not.toBeNull();
    expect(await getBlobStore().get(recent.key)).not.toBeNull();
    // Both day-old keys are forgotten, the recent one is still recorded.
    const recorded = await (
      await getDb()
    )
      .select({ key: uploads.storageKey })
      .from(uploads)
      .where(inArray(uploads.storageKey, [confirmed.key, abandoned.key, recent.key]));
    expect(recorded).toEqual([{ key: recent.key }]);
  });
});
