/**
 * Issue 42, point 5: each photo's room type is suggested from the photo itself (what its
 * pixels plainly show, then its file name, then an earlier description's analysis), and
 * a photo nothing tells about gets no suggestion (the form asks instead of assuming).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "@/db/client";
import { sharp } from "@/server/images/sharp";
import { getBlobStore } from "@/server/storage";
import { studioWithPhotos } from "@/test/fixtures";
import { roomPhoto } from "@/test/images";

let home: Awaited<ReturnType<typeof studioWithPhotos>>;

/** Sky across the top, lawn across the bottom: plainly outdoors. */
async function gardenPhoto() {
  const lawn = await sharp({ create: { width: 320, height: 120, channels: 3, background: "#3f9b3a" } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 320, height: 240, channels: 3, background: "#5da9e9" } })
    .composite([{ input: lawn, left: 0, top: 120 }])
    .jpeg()
    .toBuffer();
}

async function upload(fileName: string, bytes: Buffer) {
  const where = { workspaceId: home.workspaceId, projectId: home.projectId };
  const [target] = await home.api.photos.prepareUploads({
    ...where,
    files: [{ fileName, contentType: "image/jpeg", bytes: bytes.length }],
  });
  await getBlobStore().put(target.key, bytes, "image/jpeg");
  return (await home.api.photos.confirmUpload({ ...where, key: target.key, fileName })).id;
}

beforeAll(async () => {
  home = await studioWithPhotos("Rosa", 0);
}, 30_000);

afterAll(closeDb);

describe("room type suggestions", () => {
  it("come from the photo's pixels, else its file name, and are absent when neither tells", async () => {
    const indoor = await roomPhoto(320, 240, { wall: "#d9d4c7" });
    const ids = {
      kitchen: await upload("Kitchen 1.jpg", indoor),
      bath: await upload("05-master-bath.jpg", indoor),
      lounge: await upload("lounge_2.jpg", indoor),
      unknown: await upload("IMG_0042.jpg", indoor),
      garden: await upload("DSC_0100.jpg", await gardenPhoto()),
    };
    const suggestions = await home.api.batches.suggestRoomTypes({ workspaceId: home.workspaceId, projectId: home.projectId });
    const of = (id: string) => suggestions.find((s) => s.photoId === id);
    expect(of(ids.kitchen)).toMatchObject({ roomType: "kitchen", source: "file_name" });
    expect(of(ids.bath)).toMatchObject({ roomType: "bathroom", source: "file_name" });
    expect(of(ids.lounge)).toMatchObject({ roomType: "living_room", source: "file_name" });
    expect(of(ids.garden)).toMatchObject({ roomType: "patio", source: "photo" });
    expect(of(ids.unknown)).toMatchObject({ roomType: null, source: null });
  });
});
