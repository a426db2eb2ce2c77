/**
 * Issue 42, point 7: a project's photos are listed in the order their files were chosen
 * (the order prepareUploads was given them), whatever order their uploads finish in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "@/db/client";
import { getBlobStore } from "@/server/storage";
import { studioWithPhotos } from "@/test/fixtures";
import { roomPhoto } from "@/test/images";

let home: Awaited<ReturnType<typeof studioWithPhotos>>;

async function upload(api: typeof home.api, names: string[], confirmOrder: number[]) {
  const bytes = await roomPhoto(64, 48, { wall: "#d9d4c7" });
  const where = { workspaceId: home.workspaceId, projectId: home.projectId };
  const targets = await api.photos.prepareUploads({
    ...where,
    files: names.map((fileName) => ({ fileName, contentType: "image/jpeg", bytes: bytes.length })),
  });
  const confirmed: Record<string, string> = {};
  for (const index of confirmOrder) {
    await getBlobStore().put(targets[index].key, bytes, "image/jpeg");
    confirmed[names[index]] = (await api.photos.confirmUpload({ ...where, key: targets[index].key, fileName: names[index] })).id;
  }
  return confirmed;
}

beforeAll(async () => {
  home = await studioWithPhotos("Olga", 0);
}, 30_000);

afterAll(closeDb);

describe("photo order", () => {
  it("is the order the files were chosen in, across uploads, not the order they finished", async () => {
    await upload(home.api, ["porch.jpg", "attic.jpg", "kitchen.jpg"], [2, 1, 0]);
    await upload(home.api, ["bath.jpg", "garage.jpg"], [1, 0]);
    const listed = await home.api.photos.list({ workspaceId: home.workspaceId, projectId: home.projectId });
    expect(listed.map((photo) => photo.fileName)).toEqual(["porch.jpg", "attic.jpg", "kitchen.jpg", "bath.jpg", "garage.jpg"]);
  });
});
