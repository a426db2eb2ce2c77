import { TRPCError } from "@trpc/server";
import sharp from "sharp";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { executorEvents } from "@/db/schema/executor";
import { photos } from "@/db/schema/studio";
import { generationOutputs, generations } from "@/db/schema/studio-generations";
import { deleteDerivatives, derivativeKey } from "@/server/images/derivatives";
import { getBlobStore } from "@/server/storage";
import { createStudioContext } from "@/server/studio/context";
import { studioWithPhotos } from "@/test/fixtures";
import { PHOTO_UNDO_WINDOW_MS, purgeDeletedPhoto } from "./delete-photo";
import { makeMissingCopies } from "./make-missing-copies";

let studio: Awaited<ReturnType<typeof studioWithPhotos>>;
const store = () => getBlobStore();
const keyOf = async (photoId: string) =>
  (await (await getDb()).select({ key: photos.storageKey }).from(photos).where(eq(photos.id, photoId)))[0].key;
/** The studio as it will be `ms` from now, for the end of the undo window. */
const later = (ms: number) => createStudioContext({ now: () => new Date(Date.now() + ms) });

beforeAll(async () => {
  studio = await studioWithPhotos("Noor", 3);
});
afterAll(closeDb);

describe("copies for photos and results stored before copies existed", () => {
  it("shows the original at first, asks for the copies once, and lists the copies once they are made", async () => {
    const { workspaceId, projectId, photoIds } = studio;
    const key = await keyOf(photoIds[0]);
    // As a photo uploaded before copies were made: no copies, not marked resized.
    await deleteDerivatives(store(), key);
    await (await getDb()).update(photos).set({ resized: false }).where(eq(photos.id, photoIds[0]));

    const before = await studio.api.photos.list({ workspaceId, projectId });
    expect(before.find((photo) => photo.id === photoIds[0])).toMatchObject({ thumbUrl: null, displayUrl: null, url: expect.any(String) });
    expect(before.find((photo) => photo.id === photoIds[1])?.thumbUrl).toEqual(expect.any(String));
    const requested = await (
      await getDb()
    )
      .select()
      .from(executorEvents)
      .where(and(eq(executorEvents.name, "studio/copies.requested"), sql`${executorEvents.payload}->'data'->>'projectId' = ${projectId}`));
    expect(requested).toHaveLength(1);

    // What the durable function does, step by step.
    expect(await makeMissingCopies(await createStudioContext(), { workspaceId, projectId, limit: 10 })).toEqual({
      made: 1,
      maybeMore: false,
    });
    const thumb = await store().get(derivativeKey(key, "thumb"));
    expect(await sharp(thumb!.bytes).metadata()).toMatchObject({ format: "webp", width: 320 });
    expect(await makeMissingCopies(await createStudioContext(), { workspaceId, projectId, limit: 10 })).toEqual({
      made: 0,
      maybeMore: false,
    });

    const after = await studio.api.photos.list({ workspaceId, projectId });
    expect(await store().resolveOwnUrl(after.find((photo) => photo.id === photoIds[0])!.thumbUrl!)).toBe(derivativeKey(key, "thumb"));
  });

  it("makes the copies of a result stored before copies existed, which the results list then links", async () => {
    const { workspaceId, projectId, user } = studio;
    const db = await getDb();
    const [generation] = await db
      .insert(generations)
      .values({ workspaceId, projectId, kind: "staging", status: "completed", createdBy: user.id })
      .returning();
    const key = `studio/${workspaceId}/projects/${projectId}/generations/${generation.id}/output-0.jpg`;
    await store().put(
      key,
      await sharp({ create: { width: 900, height: 600, channels: 3, background: "#8d99ae" } })
        .jpeg()
        .toBuffer(),
      "image/jpeg",
    );
    await db.insert(generationOutputs).values({
      generationId: generation.id,
      workspaceId,
      role: "staged",
      position: 0,
      status: "completed",
      storageKey: key,
      contentType: "image/jpeg",
      resized: false,
    });
    const listed = async () =>
      (await studio.api.generations.list({ workspaceId, projectId })).find((run) => run.id === generation.id)!.outputs[0];
    expect((await listed()).resized).toBeNull();

    expect(await makeMissingCopies(await createStudioContext(), { workspaceId, projectId, limit: 10 })).toEqual({
      made: 1,
      maybeMore: false,
    });
    expect(await sharp((await store().get(derivativeKey(key, "thumb")))!.bytes).metadata()).toMatchObject({ format: "webp", width: 480 });
    expect(await store().resolveOwnUrl((await listed()).resized!.displayUrl)).toBe(derivativeKey(key, "display"));
  });
});

describe("photo delete with undo", () => {
  const listed = async () =>
    (await studio.api.photos.list({ workspaceId: studio.workspaceId, projectId: studio.projectId })).map((photo) => photo.id);
  const count = async () =>
    (await studio.api.projects.list({ workspaceId: studio.workspaceId })).find((project) => project.id === studio.projectId)?.photoCount;

  it("hides a deleted photo at once and brings it back with its bytes on undo", async () => {
    const { workspaceId, photoIds } = studio;
    const { undoUntil } = await studio.api.photos.delete({ workspaceId, photoId: photoIds[1] });
    expect(undoUntil.getTime() - Date.now()).toBeGreaterThan(PHOTO_UNDO_WINDOW_MS - 5000);
    expect(await listed()).not.toContain(photoIds[1]);
    expect(await count()).toBe(2);
    // Within the window the purge leaves it alone.
    expect(await purgeDeletedPhoto(await createStudioContext(), { workspaceId, photoId: photoIds[1] })).toBe(false);

    await studio.api.photos.restore({ workspaceId, photoId: photoIds[1] });
    await studio.api.photos.restore({ workspaceId, photoId: photoIds[1] }); // a second click changes nothing
    expect(await listed()).toContain(photoIds[1]);
    expect(await count()).toBe(3);
    // A purge scheduled by that delete finds a restored photo and keeps it.
    expect(await purgeDeletedPhoto(await later(PHOTO_UNDO_WINDOW_MS + 1000), { workspaceId, photoId: photoIds[1] })).toBe(false);
    expect(await store().get(await keyOf(photoIds[1]))).not.toBeNull();
  });

  it("removes the row, the original and its copies once the window has passed; undo is then refused", async () => {
    const { workspaceId, photoIds } = studio;
    const key = await keyOf(photoIds[1]);
    await studio.api.photos.delete({ workspaceId, photoId: photoIds[1] });
    expect(await purgeDeletedPhoto(await later(PHOTO_UNDO_WINDOW_MS + 1000), { workspaceId, photoId: photoIds[1] })).toBe(true);
    expect(await store().get(key)).toBeNull();
    expect(await store().get(derivativeKey(key, "thumb"))).toBeNull();
    // Gone for good: the same answer as an id the workspace never had.
    const refusal = await studio.api.photos.restore({ workspaceId, photoId: photoIds[1] }).catch((error: TRPCError) => error);
    expect(refusal).toMatchObject({ code: "NOT_FOUND", message: "This photo is gone: it was deleted for good." });
  });

  it("keeps the original of a photo a result was made from, so its before/after still shows it", async () => {
    const { workspaceId, projectId, photoIds, user } = studio;
    const key = await keyOf(photoIds[2]);
    const db = await getDb();
    const [generation] = await db
      .insert(generations)
      .values({ workspaceId, projectId, kind: "staging", status: "completed", createdBy: user.id })
      .returning();
    await db
      .insert(generationOutputs)
      .values({ generationId: generation.id, workspaceId, role: "staged", position: 0, status: "completed", sourceKey: key });
    await studio.api.photos.delete({ workspaceId, photoId: photoIds[2] });
    expect(await purgeDeletedPhoto(await later(PHOTO_UNDO_WINDOW_MS + 1000), { workspaceId, photoId: photoIds[2] })).toBe(true);
    expect(await db.select().from(photos).where(eq(photos.id, photoIds[2]))).toHaveLength(0);
    expect(await store().get(key)).not.toBeNull();
    expect(await store().get(derivativeKey(key, "display"))).not.toBeNull();
  });
});
