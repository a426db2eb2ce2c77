/**
 * Publishing is an act: the team edits a draft, and the public page, the remark and the
 * zip show the published version until someone allowed to publish (owners and admins;
 * agents when an owner allows it) publishes the draft as the next version. Versions
 * never change; a publish names the draft it reviewed; a pick that may not be published
 * yet holds the publish back with its reason; a redone image waits for the next publish;
 * a published result cannot be deleted; every step is in the audit log.
 */
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { photos } from "@/db/schema";
import { shareLinks } from "@/db/schema/studio-generations";
import { auditEvents } from "@/db/schema/studio-audit";
import { listingVersionItems, listingVersions } from "@/db/schema/studio-listing-page";
import { sharp } from "@/server/images/sharp";
import { getBlobStore } from "@/server/storage";
import { callerFor, codeOf, newPerson } from "@/test/callers";
import { studioWithPhotos } from "@/test/fixtures";
import { publishDraft } from "@/test/listing";
import { useAppStack } from "@/test/app-stack";
import { createStudioContext } from "../context";
import { insertGeneration, loadOutputs, updateGeneration, updateOutput } from "../generations/records";
import { newShareToken } from "../exports/share-token";
import { sharePath } from "../exports/share-url";

useAppStack();

type Person = Awaited<ReturnType<typeof newPerson>>;
let studio: Awaited<ReturnType<typeof studioWithPhotos>>;
let admin: Person;
let agent: Person;
/** Finished staged results of photos 1, 2 and 3, and their generations. */
let outputIds: string[];
let generationIds: string[];

const scope = () => ({ workspaceId: studio.workspaceId, projectId: studio.projectId });
const anonymous = () => callerFor(null);

async function finishedResult(index: number, key: string) {
  const ctx = await createStudioContext();
  const store = getBlobStore();
  const [photo] = await ctx.db.select().from(photos).where(eq(photos.id, studio.photoIds[index]));
  const generation = await insertGeneration(
    ctx,
    {
      id: crypto.randomUUID(),
      ...scope(),
      createdBy: studio.user.id,
      kind: "staging",
      photoId: photo.id,
      params: { redesign_type: "staging" },
    },
    [{ role: "staged", position: 0, sourceKey: photo.storageKey }],
  );
  const [output] = await loadOutputs(ctx, generation.id);
  await store.put(
    `${photo.storageKey}.${key}.jpg`,
    await sharp((await store.get(photo.storageKey))!.bytes)
      .modulate({ hue: 30 * (index + 1) })
      .jpeg()
      .toBuffer(),
    "image/jpeg",
  );
  await updateOutput(ctx, output, {
    status: "completed",
    provider: "replicate",
    storageKey: `${photo.storageKey}.${key}.jpg`,
    contentType: "image/jpeg",
  });
  await updateGeneration(ctx, generation.id, { status: "completed" });
  return { outputId: output.id, generationId: generation.id };
}

async function auditTrail() {
  const ctx = await createStudioContext();
  const rows = await ctx.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.workspaceId, studio.workspaceId))
    .orderBy(asc(auditEvents.createdAt));
  return rows.filter((row) => row.action.startsWith("listing_")).map((row) => [row.action, row.actorEmail, row.detail]);
}

async function publicPage(path: string) {
  return (await anonymous()).exports.share({ token: path.split("/").pop()! });
}

beforeAll(async () => {
  studio = await studioWithPhotos("Maren", 3);
  [admin, agent] = await Promise.all([newPerson("Adria"), newPerson("Teo")]);
  for (const [person, role] of [
    [admin, "admin"],
    [agent, "agent"],
  ] as const) {
    await person.api.invitations.accept({ token: (await studio.api.invitations.create({ workspaceId: studio.workspaceId, role })).token });
  }
  const made = [await finishedResult(0, "a"), await finishedResult(1, "b"), await finishedResult(2, "c")];
  outputIds = made.map((result) => result.outputId);
  generationIds = made.map((result) => result.generationId);
}, 60_000);

describe("publishing the listing page", () => {
  it("keeps the agent's draft off the page, remark and zip until the owner publishes it as the next version, and logs both steps", async () => {
    await studio.api.listings.setPicks({ ...scope(), picks: [{ outputId: outputIds[0], caption: "Lounge" }, { outputId: outputIds[1] }] });
    const first = await publishDraft(studio.api, scope());
    expect(first.version.number).toBe(1);

    // The agent moves the bedroom first, adds the kitchen and drops the caption.
    await agent.api.listings.setPicks({
      ...scope(),
      picks: [{ outputId: outputIds[1] }, { outputId: outputIds[0] }, { outputId: outputIds[2] }],
    });
    const page = await publicPage(first.path);
    expect(page.items.map((item) => [item.id, item.name, item.caption])).toEqual([
      [outputIds[0], "Photo 1", "Lounge"],
      [outputIds[1], "Photo 2", null],
    ]);
    expect((await studio.api.compliance.listingRemarks(scope())).version?.number).toBe(1);
    const draft = await studio.api.listings.show(scope());
    expect(draft.version).toMatchObject({ number: 1, publishedBy: "Maren" });
    expect(draft.changes).toEqual({
      count: 3,
      lines: ["Added: Photo 3", "Moved: Photo 2 (the photos' numbers change)", "Caption changed: Photo 2"],
    });
    expect(draft.picks.map((pick) => [pick.name, pick.changes])).toEqual([
      ["Photo 1", []],
      ["Photo 2", ["moved", "caption"]],
      ["Photo 3", ["added"]],
    ]);

    // The agent may not publish; the owner does, and all of it changes at once.
    expect(await codeOf(agent.api.listings.publish({ ...scope(), reviewed: draft.fingerprint }))).toBe("FORBIDDEN");
    const second = await studio.api.listings.publish({ ...scope(), reviewed: draft.fingerprint });
    expect([second.version.number, second.path]).toEqual([2, first.path]);
    expect((await publicPage(first.path)).items.map((item) => [item.id, item.name])).toEqual([
      [outputIds[1], "Photo 1"],
      [outputIds[0], "Photo 2"],
      [outputIds[2], "Photo 3"],
    ]);
    expect((await studio.api.compliance.listingRemarks(scope())).remark).toMatch(
      /Photos 1, 2 and 3: virtually staged\. .*\(Version 2, published /,
    );
    expect((await studio.api.listings.show(scope())).changes.count).toBe(0);

    expect(await auditTrail()).toEqual([
      ["listing_draft_edited", studio.user.email, { added: 2 }],
      ["listing_published", studio.user.email, { version: 1, results: 2, new_link: true }],
      ["listing_draft_edited", agent.user.email, { added: 1, moved: 1, captions: 1 }],
      ["listing_published", studio.user.email, { version: 2, results: 3 }],
    ]);
  });

  it("keeps every version as it was published", async () => {
    const ctx = await createStudioContext();
    const versions = await ctx.db
      .select()
      .from(listingVersions)
      .where(eq(listingVersions.projectId, studio.projectId))
      .orderBy(asc(listingVersions.number));
    const itemsOf = async (versionId: string) =>
      (
        await ctx.db
          .select()
          .from(listingVersionItems)
          .where(eq(listingVersionItems.versionId, versionId))
          .orderBy(asc(listingVersionItems.position))
      ).map((item) => [item.outputId, item.caption]);
    expect(versions.map((version) => version.number)).toEqual([1, 2]);
    expect(await itemsOf(versions[0].id)).toEqual([
      [outputIds[0], "Lounge"],
      [outputIds[1], null],
    ]);
    expect(await itemsOf(versions[1].id)).toEqual([
      [outputIds[1], null],
      [outputIds[0], null],
      [outputIds[2], null],
    ]);
  });

  it("refuses a draft changed since it was reviewed, a draft the page already shows, and a pick that may not be published yet, with its reason", async () => {
    const seen = (await studio.api.listings.show(scope())).fingerprint;
    const refusal = (call: Promise<unknown>) =>
      call.then(
        () => "OK",
        (error: { code: string; message: string }) => `${error.code}: ${error.message}`,
      );
    expect(await refusal(studio.api.listings.publish({ ...scope(), reviewed: seen }))).toBe(
      "CONFLICT: Nothing to publish: the page already shows this draft as version 2.",
    );
    await agent.api.listings.setDescription({ ...scope(), description: "Three bedrooms by the harbour." });
    expect(await refusal(studio.api.listings.publish({ ...scope(), reviewed: seen }))).toMatch(
      /^CONFLICT: The listing's draft changed since you reviewed it/,
    );

    // A redo of Photo 1 is running: the pick says why, and the publish is refused.
    const ctx = await createStudioContext();
    const [output] = await loadOutputs(ctx, generationIds[1]);
    await updateOutput(ctx, output, { status: "running" });
    const draft = await studio.api.listings.show(scope());
    expect(draft.picks[0].blockers).toEqual(["A new attempt is still being made: publish once it has finished."]);
    expect(draft.picks.slice(1).map((pick) => pick.blockers)).toEqual([[], []]);
    expect(await refusal(studio.api.listings.publish({ ...scope(), reviewed: draft.fingerprint }))).toBe(
      "CONFLICT: Not published: Photo 1: A new attempt is still being made: publish once it has finished.",
    );
    await updateOutput(ctx, output, { status: "completed" });
    const third = await publishDraft(studio.api, scope());
    expect(third.version.number).toBe(3);
  });

  it("lets admins publish, agents too once an owner allows it, and never lets agents unpublish", async () => {
    await agent.api.listings.setDescription({ ...scope(), description: "Three bedrooms by the water." });
    expect(await codeOf(publishDraft(agent.api, scope()))).toBe("FORBIDDEN");
    expect((await publishDraft(admin.api, scope())).version.number).toBe(4);
    await studio.api.workspaces.setAgentGrants({ workspaceId: studio.workspaceId, grants: ["publish_listing"] });
    await agent.api.listings.setDescription({ ...scope(), description: "Three bedrooms on the harbour." });
    expect((await publishDraft(agent.api, scope())).version.number).toBe(5);
    expect(await codeOf(agent.api.listings.unpublish(scope()))).toBe("FORBIDDEN");
    await studio.api.workspaces.setAgentGrants({ workspaceId: studio.workspaceId, grants: [] });
    expect((await auditTrail()).at(-1)).toEqual(["listing_published", agent.user.email, { version: 5, results: 3 }]);
  });

  it("discards the draft's changes back to the published version, and logs it", async () => {
    const { path } = (await studio.api.exports.shareLink(scope()))!;
    await agent.api.listings.setPicks({ ...scope(), picks: [{ outputId: outputIds[2] }] });
    await agent.api.listings.setDescription({ ...scope(), description: null });
    const draft = await agent.api.listings.show(scope());
    expect(draft.changes.count).toBe(3);
    await agent.api.listings.discard({ ...scope(), reviewed: draft.fingerprint });
    const after = await agent.api.listings.show(scope());
    expect([after.changes.count, after.picks.map((pick) => pick.outputId), after.description]).toEqual([
      0,
      [outputIds[1], outputIds[0], outputIds[2]],
      "Three bedrooms on the harbour.",
    ]);
    expect((await publicPage(path)).items).toHaveLength(3);
    expect((await auditTrail()).at(-1)).toEqual(["listing_draft_discarded", agent.user.email, { added: 2, description: true }]);
  });

  it("shows a redone image on the page and its QR page only once published, and keeps a published result from being deleted", async () => {
    const { path } = (await studio.api.exports.shareLink(scope()))!;
    const ctx = await createStudioContext();
    const store = getBlobStore();
    const [output] = await loadOutputs(ctx, generationIds[1]);
    const before = output.storageKey!;
    const labelled = await studio.api.exports.exportOutput({ workspaceId: studio.workspaceId, outputId: output.id, disclosure: true });
    const imageToken = labelled.pageUrl!.split("/").pop()!;
    const redone = `${before}.attempt-2.jpg`;
    await store.put(redone, (await store.get(before))!.bytes, "image/jpeg");
    await updateOutput(ctx, output, { storageKey: redone, attempts: 2 });

    const alteredPath = async () => new URL((await publicPage(path)).items[0].alteredUrl).pathname;
    const imagePagePath = async () =>
      new URL((await (await anonymous()).exports.imagePage({ token: imageToken })).item.alteredUrl).pathname;
    expect(await alteredPath()).toContain(encodeURI(before.split("/").pop()!));
    expect(await imagePagePath()).toContain(encodeURI(before.split("/").pop()!));
    expect((await studio.api.listings.show(scope())).changes.lines).toEqual(["New image (redone): Photo 1"]);
    await publishDraft(studio.api, scope());
    expect(await alteredPath()).toContain(encodeURI(redone.split("/").pop()!));
    expect(await imagePagePath()).toContain(encodeURI(redone.split("/").pop()!));

    const refusal = await studio.api.generations
      .delete({ workspaceId: studio.workspaceId, generationId: generationIds[1] })
      .catch((error: { code: string; message: string }) => error);
    expect(refusal).toMatchObject({
      code: "CONFLICT",
      message: expect.stringMatching(/^The published listing page \(version 6\) shows this result\./),
    });
    // Off the page and published: then it may go.
    await studio.api.listings.setPicks({ ...scope(), picks: [{ outputId: outputIds[0] }, { outputId: outputIds[2] }] });
    await publishDraft(studio.api, scope());
    await studio.api.generations.delete({ workspaceId: studio.workspaceId, generationId: generationIds[1] });
    expect((await publicPage(path)).items.map((item) => item.id)).toEqual([outputIds[0], outputIds[2]]);
  });

  it("gives a page published before versions existed its version 1: what it showed", async () => {
    const other = await studioWithPhotos("Leda", 1);
    const ctx = await createStudioContext();
    const [photo] = await ctx.db.select().from(photos).where(eq(photos.id, other.photoIds[0]));
    const generation = await insertGeneration(
      ctx,
      {
        id: crypto.randomUUID(),
        workspaceId: other.workspaceId,
        projectId: other.projectId,
        createdBy: other.user.id,
        kind: "staging",
        photoId: photo.id,
        params: { redesign_type: "staging" },
      },
      [{ role: "staged", position: 0, sourceKey: photo.storageKey }],
    );
    const [output] = await loadOutputs(ctx, generation.id);
    await updateOutput(ctx, output, {
      status: "completed",
      provider: "replicate",
      storageKey: photo.storageKey,
      contentType: "image/jpeg",
    });
    const where = { workspaceId: other.workspaceId, projectId: other.projectId };
    await other.api.listings.setPicks({ ...where, picks: [{ outputId: output.id, caption: "As it was" }] });
    // A link as the studio made them before publishing made versions.
    const { token, tokenHash, tokenSealed } = newShareToken();
    await ctx.db.insert(shareLinks).values({ ...where, tokenHash, tokenSealed, createdBy: other.user.id });

    const page = await publicPage(sharePath(token));
    expect([page.version.number, page.items.map((item) => [item.id, item.caption])]).toEqual([1, [[output.id, "As it was"]]]);
    expect(
      await ctx.db
        .select()
        .from(listingVersions)
        .where(and(eq(listingVersions.projectId, other.projectId), eq(listingVersions.number, 1))),
    ).toHaveLength(1);
    expect((await other.api.listings.show(where)).changes.count).toBe(0);
  });
});
