/**
 * Deleting a workspace: owners only, with its name typed; everything in it goes, and the
 * image-service key the studio provisioned for it stops working.
 */
import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { apiKeys, workspaces } from "@/db/schema";
import { photos, projects } from "@/db/schema/studio";
import { getBlobStore } from "@/server/storage";
import { newPerson } from "@/test/callers";
import { studioWithPhotos } from "@/test/fixtures";
import { rejectionOf } from "@/test/rejection";

let owner: Awaited<ReturnType<typeof studioWithPhotos>>;
let admin: Awaited<ReturnType<typeof newPerson>>;

beforeAll(async () => {
  [owner, admin] = await Promise.all([studioWithPhotos("Odile", 1), newPerson("Abel")]);
  const invitation = await owner.api.invitations.create({ workspaceId: owner.workspaceId, role: "admin" });
  await admin.api.invitations.accept({ token: invitation.token });
}, 60_000);

afterAll(async () => {
  await closeDb();
});

const failure = (promise: Promise<unknown>) => rejectionOf(promise, TRPCError);

describe("delete a workspace", () => {
  it("is refused to an admin and to an owner who does not type the name exactly", async () => {
    const { workspaceId } = owner;
    expect((await failure(admin.api.workspaces.delete({ workspaceId, confirmName: "Odile Realty" }))).code).toBe("FORBIDDEN");
    const wrong = await failure(owner.api.workspaces.delete({ workspaceId, confirmName: "odile realty" }));
    expect([wrong.code, wrong.message]).toEqual(["BAD_REQUEST", 'Type the workspace\'s name, "Odile Realty", exactly to delete it.']);
    expect(await owner.api.workspaces.bySlug({ slug: (await owner.api.workspaces.list())[0].slug })).toMatchObject({ id: workspaceId });
  });

  it("deletes everything in it for everyone and revokes its provisioned key", async () => {
    const { workspaceId, photoIds } = owner;
    const db = await getDb();
    const [row] = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
    const [photo] = await db.select().from(photos).where(eq(photos.id, photoIds[0]));
    expect(await getBlobStore().get(photo.storageKey)).not.toBeNull();

    expect(await owner.api.workspaces.delete({ workspaceId, confirmName: " Odile Realty " })).toEqual({ keysRevoked: 1 });

    expect(await db.select().from(workspaces).where(eq(workspaces.id, workspaceId))).toEqual([]);
    expect(await db.select().from(projects).where(eq(projects.workspaceId, workspaceId))).toEqual([]);
    expect(await owner.api.workspaces.list()).toEqual([]);
    expect(await admin.api.workspaces.list()).toEqual([]);
    expect((await failure(admin.api.workspaces.bySlug({ slug: row.slug }))).code).toBe("NOT_FOUND");
    const keys = await db.select().from(apiKeys).where(eq(apiKeys.accountId, row.v1AccountId!));
    expect(keys.map((key) => key.revokedAt)).toEqual([expect.any(Date)]);
    expect(await getBlobStore().get(photo.storageKey)).toBeNull();
  });
});
