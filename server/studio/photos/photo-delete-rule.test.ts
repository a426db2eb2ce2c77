/**
 * Issue 42, point 8: deleting a photo follows the rule for results (shared/roles.ts):
 * anyone deletes their own, a teammate's needs an owner or admin; a whole-listing batch
 * still says how many photos it had after some are deleted.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { photos } from "@/db/schema/studio";
import { stagingBatches, stagingBatchPhotos } from "@/db/schema/studio-batches";
import { getBlobStore } from "@/server/storage";
import { createStudioContext } from "@/server/studio/context";
import { listBatches } from "@/server/studio/batches/list-batches";
import { PHOTO_UNDO_WINDOW_MS, purgeDeletedPhoto } from "@/server/studio/photos/delete-photo";
import { codeOf, newPerson } from "@/test/callers";
import { studioWithPhotos } from "@/test/fixtures";
import { roomPhoto } from "@/test/images";

let home: Awaited<ReturnType<typeof studioWithPhotos>>;
let agent: Awaited<ReturnType<typeof newPerson>>;

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
  [home, agent] = await Promise.all([studioWithPhotos("Olga", 0), newPerson("Abe")]);
  const invitation = await home.api.invitations.create({ workspaceId: home.workspaceId, role: "agent" });
  await agent.api.invitations.accept({ token: invitation.token });
}, 30_000);

afterAll(closeDb);

describe("deleting photos", () => {
  it("lets an agent delete their own photo but not a teammate's, as with results", async () => {
    const owners = await upload(home.api, ["owners.jpg"], [0]);
    const agents = await upload(agent.api, ["agents.jpg"], [0]);
    const listed = await agent.api.photos.list({ workspaceId: home.workspaceId, projectId: home.projectId });
    expect(listed.find((photo) => photo.id === owners["owners.jpg"])?.deletable).toBe(false);
    expect(listed.find((photo) => photo.id === agents["agents.jpg"])?.deletable).toBe(true);
    expect(await codeOf(agent.api.photos.delete({ workspaceId: home.workspaceId, photoId: owners["owners.jpg"] }))).toBe("FORBIDDEN");
    expect(await codeOf(agent.api.photos.delete({ workspaceId: home.workspaceId, photoId: agents["agents.jpg"] }))).toBe("OK");
    await agent.api.photos.restore({ workspaceId: home.workspaceId, photoId: agents["agents.jpg"] });
    expect(await codeOf(home.api.photos.delete({ workspaceId: home.workspaceId, photoId: agents["agents.jpg"] }))).toBe("OK");
  });

  it("leaves a batch saying how many photos it had, and how many were deleted since", async () => {
    const ids = Object.values(await upload(home.api, ["one.jpg", "two.jpg", "three.jpg"], [0, 1, 2]));
    const db = await getDb();
    const batchId = crypto.randomUUID();
    await db.insert(stagingBatches).values({
      id: batchId,
      workspaceId: home.workspaceId,
      projectId: home.projectId,
      createdBy: home.user.id,
      requestId: crypto.randomUUID(),
      style: "modern",
      intensity: 0.6,
      seed: 1,
      status: "canceled",
      photoCount: ids.length,
    });
    await db
      .insert(stagingBatchPhotos)
      .values(ids.map((photoId, position) => ({ batchId, photoId, position, roomType: "bedroom" as const, state: "canceled" as const })));
    await home.api.photos.delete({ workspaceId: home.workspaceId, photoId: ids[0] });
    const later = new Date(Date.now() + PHOTO_UNDO_WINDOW_MS + 1000);
    expect(
      await purgeDeletedPhoto(await createStudioContext({ now: () => later }), { workspaceId: home.workspaceId, photoId: ids[0] }),
    ).toBe(true);
    expect(await db.select().from(photos).where(eq(photos.id, ids[0]))).toEqual([]);
    const [batch] = await listBatches(await createStudioContext(), { workspaceId: home.workspaceId, projectId: home.projectId });
    expect(batch.counts).toMatchObject({ total: 3, deleted: 1, canceled: 2 });
    expect(batch.photos).toHaveLength(2);
  });
});
