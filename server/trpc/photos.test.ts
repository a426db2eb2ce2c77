import { TRPCError } from "@trpc/server";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "@/db/client";
import { derivativeKey } from "@/server/images/derivatives";
import { getBlobStore } from "@/server/storage";
import { newPerson } from "./test/callers";

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
  const [target] = await owner.api.photos.prepareUploads({ workspaceId, projectId, files: [{ fileName, contentType, bytes: bytes.length }] });
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
      owner.api.photos.prepareUploads({ workspaceId, projectId, files: [{ fileName: "x", contentType, bytes }] }).catch((e: TRPCError) => e.code);
    expect(await attempt("image/gif", 100)).toBe("BAD_REQUEST");
    expect(await attempt("image/jpeg", 25 * 1024 * 1024 + 1)).toBe("BAD_REQUEST");
  });

  it("bakes EXIF orientation into the pixels and records the upright size", async () => {
    const key = await uploadAs("kitchen.jpg", "image/jpeg", await sidewaysJpeg());
    const photo = await owner.api.photos.confirmUpload({ workspaceId, projectId, key, fileName: "kitchen.jpg" });
    expect([photo.width, photo.height]).toEqual([40, 60]);
    const stored = await getBlobStore().get(key);
    const meta = await sharp(stored!.bytes).metadata();
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([40, 60, 1]);

    const again = await owner.api.photos.confirmUpload({ workspaceId, projectId, key, fileName: "kitchen.jpg" });
    expect(again.id).toBe(photo.id);
    const listed = await owner.api.photos.list({ workspaceId, projectId });
    expect(listed.map((p) => p.fileName)).toEqual(["kitchen.jpg"]);
    // The page's small copies were made once, upright, in WebP, and the list links them.
    const thumb = await getBlobStore().get(derivativeKey(key, "thumb"));
    expect(thumb?.contentType).toBe("image/webp");
    expect(await sharp(thumb!.bytes).metadata()).toMatchObject({ format: "webp", width: 40, height: 60 });
    expect(await getBlobStore().resolveOwnUrl(listed[0].thumbUrl)).toBe(derivativeKey(key, "thumb"));
    expect(await getBlobStore().resolveOwnUrl(listed[0].displayUrl)).toBe(derivativeKey(key, "display"));
    expect((await owner.api.projects.list({ workspaceId }))[0]).toMatchObject({ photoCount: 1, coverUrl: expect.any(String) });
  });

  it("rejects bytes that are not an image even when labelled as one, and removes them", async () => {
    const key = await uploadAs("fake.png", "image/png", Buffer.from("not really a png"));
    const code = await owner.api.photos.confirmUpload({ workspaceId, projectId, key, fileName: "fake.png" }).catch((e: TRPCError) => e.code);
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
});
