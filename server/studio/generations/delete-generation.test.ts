/**
 * Deleting a result: a finished run and its stored files go, the credit ledger stays; a
 * running run and another workspace's run are refused. A deleted photo's original, kept
 * at its purge for the results made from it, goes with the last of them.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { photos } from "@/db/schema/studio";
import { generationOutputs, generations, usageEntries } from "@/db/schema/studio-generations";
import { derivativeKey } from "@/server/images/derivatives";
import { getBlobStore } from "@/server/storage";
import { createStudioContext } from "@/server/studio/context";
import { PHOTO_UNDO_WINDOW_MS, purgeDeletedPhoto } from "@/server/studio/photos/delete-photo";
import { studioWithPhotos } from "@/test/fixtures";
import { codeOf } from "@/test/callers";

let home: Awaited<ReturnType<typeof studioWithPhotos>>;
let rival: Awaited<ReturnType<typeof studioWithPhotos>>;
let lister: Awaited<ReturnType<typeof studioWithPhotos>>;

async function finishedRun(kind: "staging" | "video", status: "completed" | "running" = "completed") {
  const db = await getDb();
  const [row] = await db
    .insert(generations)
    .values({ workspaceId: home.workspaceId, projectId: home.projectId, kind, status, params: {} })
    .returning();
  const key = `studio/${home.workspaceId}/projects/${home.projectId}/generations/${row.id}/staged-0.jpg`;
  await getBlobStore().put(key, Buffer.from("jpeg bytes"), "image/jpeg");
  await db
    .insert(generationOutputs)
    .values({ generationId: row.id, workspaceId: home.workspaceId, role: "staged", position: 0, status, storageKey: key });
  await db.insert(usageEntries).values({
    workspaceId: home.workspaceId,
    generationId: row.id,
    operation: "job",
    serviceJobId: `job-${row.id}`,
    credits: 0,
    quotaUnits: 1,
    month: "2026-11",
  });
  return { id: row.id, key };
}

beforeAll(async () => {
  [home, rival, lister] = await Promise.all([studioWithPhotos("Dora", 0), studioWithPhotos("Eli", 0), studioWithPhotos("Fay", 3)]);
}, 30_000);

afterAll(closeDb);

describe("generations.delete", () => {
  it("removes a finished run and its files, and keeps what it cost", async () => {
    const run = await finishedRun("staging");
    await home.api.generations.delete({ workspaceId: home.workspaceId, generationId: run.id });
    const db = await getDb();
    expect(await db.select().from(generations).where(eq(generations.id, run.id))).toEqual([]);
    expect(await getBlobStore().get(run.key)).toBeNull();
    const [usage] = await db
      .select()
      .from(usageEntries)
      .where(eq(usageEntries.serviceJobId, `job-${run.id}`));
    expect(usage.generationId).toBeNull();
    expect(await codeOf(home.api.generations.delete({ workspaceId: home.workspaceId, generationId: run.id }))).toBe("NOT_FOUND");
  });

  it("refuses a run still in progress", async () => {
    const run = await finishedRun("video", "running");
    expect(await codeOf(home.api.generations.delete({ workspaceId: home.workspaceId, generationId: run.id }))).toBe("CONFLICT");
    expect(await getBlobStore().get(run.key)).not.toBeNull();
  });

  it("does not reach another workspace's run", async () => {
    const run = await finishedRun("staging");
    expect(await codeOf(rival.api.generations.delete({ workspaceId: rival.workspaceId, generationId: run.id }))).toBe("NOT_FOUND");
    expect(await codeOf(rival.api.generations.delete({ workspaceId: home.workspaceId, generationId: run.id }))).toBe("NOT_FOUND");
  });
});

describe("generations.delete and the originals of deleted photos", () => {
  const store = () => getBlobStore();
  const keyOf = async (photoId: string) =>
    (await (await getDb()).select({ key: photos.storageKey }).from(photos).where(eq(photos.id, photoId)))[0].key;
  const stored = async (key: string) => ({
    original: (await store().get(key)) !== null,
    thumb: (await store().get(derivativeKey(key, "thumb"))) !== null,
    display: (await store().get(derivativeKey(key, "display"))) !== null,
  });
  const everything = { original: true, thumb: true, display: true };
  const nothing = { original: false, thumb: false, display: false };

  /** A finished staging of the photo at `sourceKey`, as the poller records it. */
  async function resultOf(sourceKey: string) {
    const [row] = await (
      await getDb()
    )
      .insert(generations)
      .values({
        workspaceId: lister.workspaceId,
        projectId: lister.projectId,
        kind: "staging",
        status: "completed",
        createdBy: lister.user.id,
      })
      .returning();
    await (
      await getDb()
    )
      .insert(generationOutputs)
      .values({ generationId: row.id, workspaceId: lister.workspaceId, role: "staged", position: 0, status: "completed", sourceKey });
    return row.id;
  }
  const remove = (generationId: string) => lister.api.generations.delete({ workspaceId: lister.workspaceId, generationId });
  /** Deletes the photo and runs its purge as the durable function does once the undo window has passed. */
  async function deleteForGood(photoId: string) {
    await lister.api.photos.delete({ workspaceId: lister.workspaceId, photoId });
    const afterWindow = await createStudioContext({ now: () => new Date(Date.now() + PHOTO_UNDO_WINDOW_MS + 1000) });
    expect(await purgeDeletedPhoto(afterWindow, { workspaceId: lister.workspaceId, photoId })).toBe(true);
  }

  it("removes a purged photo's original and copies with the last result that showed it, not before", async () => {
    const key = await keyOf(lister.photoIds[0]);
    const [first, second] = [await resultOf(key), await resultOf(key)];
    await deleteForGood(lister.photoIds[0]);
    expect(await stored(key), "kept at the purge: two results show it").toEqual(everything);

    await remove(first);
    expect(await stored(key), "the second result still shows it").toEqual(everything);
    await remove(second);
    expect(await stored(key), "no photo and no result left").toEqual(nothing);
  });

  it("keeps the original of a photo still in the project, and of one deleted but still in its undo window", async () => {
    const [liveKey, undoableKey] = [await keyOf(lister.photoIds[1]), await keyOf(lister.photoIds[2])];
    const [ofLive, ofUndoable] = [await resultOf(liveKey), await resultOf(undoableKey)];
    await lister.api.photos.delete({ workspaceId: lister.workspaceId, photoId: lister.photoIds[2] });

    await remove(ofLive);
    await remove(ofUndoable);
    expect(await stored(liveKey)).toEqual(everything);
    expect(await stored(undoableKey), "an undo must still find it").toEqual(everything);
    // The purge after the window, with no result left, removes it then.
    const afterWindow = await createStudioContext({ now: () => new Date(Date.now() + PHOTO_UNDO_WINDOW_MS + 1000) });
    expect(await purgeDeletedPhoto(afterWindow, { workspaceId: lister.workspaceId, photoId: lister.photoIds[2] })).toBe(true);
    expect(await stored(undoableKey)).toEqual(nothing);
  });
});
