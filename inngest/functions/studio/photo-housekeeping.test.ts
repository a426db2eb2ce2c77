import { InngestTestEngine } from "@inngest/test";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { photos } from "@/db/schema/studio";
import { deleteDerivatives, derivativeKey } from "@/server/images/derivatives";
import { getBlobStore } from "@/server/storage";
import { studioWithPhotos } from "@/test/fixtures";
import { PHOTO_UNDO_WINDOW_MS } from "@/server/studio/photos/delete-photo";
import { makeMissingCopiesFunction } from "./make-missing-copies";
import { purgeDeletedPhotoFunction } from "./purge-deleted-photo";

let studio: Awaited<ReturnType<typeof studioWithPhotos>>;
const rowOf = async (photoId: string) => (await (await getDb()).select().from(photos).where(eq(photos.id, photoId)))[0];

beforeAll(async () => {
  studio = await studioWithPhotos("Ines", 2);
});
afterAll(closeDb);

test("a deleted photo is purged after a sleep as long as the undo window", async () => {
  const { workspaceId, photoIds } = studio;
  const { storageKey } = await rowOf(photoIds[0]);
  await studio.api.photos.delete({ workspaceId, photoId: photoIds[0] });
  // The sleep is mocked, so the window has to have passed already.
  await (
    await getDb()
  )
    .update(photos)
    .set({ deletedAt: new Date(Date.now() - PHOTO_UNDO_WINDOW_MS - 1000) })
    .where(eq(photos.id, photoIds[0]));
  const engine = new InngestTestEngine({
    function: purgeDeletedPhotoFunction,
    events: [{ name: "studio/photo.deleted", data: { workspaceId, photoId: photoIds[0] } }],
    steps: [{ id: "undo-window", handler: () => null }],
  });
  const { result, ctx } = await engine.execute();
  expect(ctx.step.sleep).toHaveBeenCalledWith("undo-window", PHOTO_UNDO_WINDOW_MS + 1000);
  expect(result).toEqual({ purged: true });
  expect(await rowOf(photoIds[0])).toBeUndefined();
  expect(await getBlobStore().get(storageKey)).toBeNull();
});

test("the copies function makes what an old photo lacks, in steps, until none is left", async () => {
  const { workspaceId, projectId, photoIds } = studio;
  const { storageKey } = await rowOf(photoIds[1]);
  await deleteDerivatives(getBlobStore(), storageKey);
  await (await getDb()).update(photos).set({ resized: false }).where(eq(photos.id, photoIds[1]));
  const engine = new InngestTestEngine({
    function: makeMissingCopiesFunction,
    events: [{ name: "studio/copies.requested", data: { workspaceId, projectId } }],
  });
  const { result } = await engine.execute();
  expect(result).toEqual({ made: 1 });
  expect((await rowOf(photoIds[1])).resized).toBe(true);
  expect(await getBlobStore().get(derivativeKey(storageKey, "display"))).not.toBeNull();
});
