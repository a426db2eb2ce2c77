/**
 * The listing page as the agent means it: nothing public until published, only picked
 * results in the picked order and numbered as the remark, notes never on the page, a
 * change public only once published, publishing and unpublishing for owners and admins
 * only, unpublishing takes it down, and a labelled download opens its own image's page,
 * publishing nothing.
 */
import jsQR from "jsqr";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { photos } from "@/db/schema";
import { auditEvents } from "@/db/schema/studio-audit";
import { sharp } from "@/server/images/sharp";
import { getBlobStore } from "@/server/storage";
import { callerFor, codeOf, newPerson } from "@/test/callers";
import { studioWithPhotos } from "@/test/fixtures";
import { useAppStack } from "@/test/app-stack";
import { publishDraft } from "@/test/listing";
import { createStudioContext } from "../context";
import { insertGeneration, loadOutputs, updateOutput } from "../generations/records";

useAppStack();

let studio: Awaited<ReturnType<typeof studioWithPhotos>>;
let agent: Awaited<ReturnType<typeof newPerson>>;
/** Output ids: photo 1 staged (hosted), photo 2 decluttered (offline), photo 3 staged (hosted). */
let outputIds: string[];

beforeAll(async () => {
  studio = await studioWithPhotos("Mara", 3);
  agent = await newPerson("Tom");
  const invitation = await studio.api.invitations.create({ workspaceId: studio.workspaceId, role: "agent" });
  await agent.api.invitations.accept({ token: invitation.token });
  await studio.api.projects.update({
    workspaceId: studio.workspaceId,
    projectId: studio.projectId,
    fields: {
      address: "12 Harbour View",
      propertyType: "house",
      listingStatus: "active",
      listingType: "sale",
      price: 850000,
      bedrooms: 3,
      bathrooms: 2,
      notes: "Seller wants staging in modern style. Photos shot 11/20.",
    },
  });
  const ctx = await createStudioContext();
  const store = getBlobStore();
  outputIds = [];
  for (const [index, params, provider] of [
    [0, { redesign_type: "staging" }, "replicate"],
    [1, { redesign_type: "declutter" }, "local"],
    [2, { redesign_type: "staging" }, "replicate"],
  ] as const) {
    const [photo] = await ctx.db.select().from(photos).where(eq(photos.id, studio.photoIds[index]));
    const generation = await insertGeneration(
      ctx,
      {
        id: crypto.randomUUID(),
        workspaceId: studio.workspaceId,
        projectId: studio.projectId,
        createdBy: studio.user.id,
        kind: "staging",
        photoId: photo.id,
        params,
      },
      [{ role: "staged", position: 0, sourceKey: photo.storageKey }],
    );
    const [output] = await loadOutputs(ctx, generation.id);
    const key = `${photo.storageKey}.out-${index}.jpg`;
    await store.put(key, (await store.get(photo.storageKey))!.bytes, "image/jpeg");
    await updateOutput(ctx, output, { status: "completed", provider, storageKey: key, contentType: "image/jpeg" });
    outputIds.push(output.id);
  }
}, 60_000);

const scope = () => ({ workspaceId: studio.workspaceId, projectId: studio.projectId });

describe("the listing page", () => {
  it("is public only once published, shows only picked results in the picked order, numbered as the remark, and never the notes; changes wait for the next publish", async () => {
    const { api } = studio;
    expect(await api.exports.shareLink(scope())).toBeNull();
    expect((await api.listings.show(scope())).picks).toEqual([]);
    expect((await api.compliance.listingRemarks(scope())).remark).toBeNull();

    // Photo 3's result first, then photo 2's; photo 1's is not picked.
    await api.listings.setPicks({
      ...scope(),
      picks: [{ outputId: outputIds[2], caption: "Living room, staged" }, { outputId: outputIds[1] }],
    });
    expect(await api.exports.shareLink(scope())).toBeNull();
    const link = await publishDraft(api, scope());
    const token = link.path.split("/").pop()!;
    const page = await (await callerFor(null)).exports.share({ token });
    expect(page.items.map((item) => [item.id, item.name, item.caption, item.label])).toEqual([
      [outputIds[2], "Photo 1", "Living room, staged", "Virtually staged"],
      [outputIds[1], "Photo 2", null, "Digitally altered: items removed"],
    ]);
    expect(page.description).toBeNull();
    expect(JSON.stringify(page)).not.toMatch(/Seller wants|11\/20/);
    const remarks = await api.compliance.listingRemarks(scope());
    expect(remarks.remark).toBe(
      `Some listing photos are virtually staged or digitally altered. Photo 1: virtually staged. Photo 2: digitally altered: items removed. Unaltered originals: ${remarks.shareUrl} (${remarks.versionStamp})`,
    );
    expect(remarks.versionStamp).toMatch(/^Version 1, published \d{1,2} \w{3} \d{4}$/);

    // Reordering changes the draft only; publishing changes page and remark together.
    await api.listings.setPicks({
      ...scope(),
      picks: [{ outputId: outputIds[1] }, { outputId: outputIds[2], caption: "Living room, staged" }],
    });
    expect((await api.exports.share({ token })).items.map((item) => item.id)).toEqual([outputIds[2], outputIds[1]]);
    expect((await api.compliance.listingRemarks(scope())).remark).toMatch(
      /Photo 1: virtually staged\. Photo 2: digitally altered: items removed\./,
    );
    expect((await api.listings.show(scope())).changes).toEqual({ count: 1, lines: ["Moved: Photo 2 (the photos' numbers change)"] });
    expect((await publishDraft(api, scope())).path).toBe(link.path);
    expect((await api.exports.share({ token })).items.map((item) => [item.id, item.name])).toEqual([
      [outputIds[1], "Photo 1"],
      [outputIds[2], "Photo 2"],
    ]);
    expect((await api.compliance.listingRemarks(scope())).remark).toMatch(
      /Photo 1: digitally altered: items removed\. Photo 2: virtually staged\./,
    );

    // The description is what the agent saved for the page, once published.
    await api.listings.setDescription({ ...scope(), description: "Bright three-bedroom house by the harbour." });
    expect((await api.exports.share({ token })).description).toBeNull();
    await publishDraft(api, scope());
    expect((await api.exports.share({ token })).description).toBe("Bright three-bedroom house by the harbour.");
    expect((await api.exports.share({ token })).version).toMatchObject({
      number: 3,
      stamp: expect.stringMatching(/^Version 3, published /),
    });
  });

  it("refuses picks from another project or workspace, and results not finished", async () => {
    const other = await studioWithPhotos("Zed", 1);
    expect(
      await codeOf(
        other.api.listings.setPicks({ workspaceId: other.workspaceId, projectId: other.projectId, picks: [{ outputId: outputIds[0] }] }),
      ),
    ).toBe("NOT_FOUND");
    expect(
      await codeOf(studio.api.listings.setPicks({ ...scope(), picks: [{ outputId: outputIds[0] }, { outputId: outputIds[0] }] })),
    ).toBe("BAD_REQUEST");
  });

  it("lets an agent neither publish nor unpublish, archive or delete a teammate's result; owners can, and the log says who", async () => {
    const asAgent = agent.api;
    for (const call of [asAgent.listings.unpublish(scope()), publishDraft(asAgent, scope())]) {
      const refusal = await call.catch((error: { code: string; message: string; cause?: { code?: string } }) => error);
      expect(refusal).toMatchObject({
        code: "FORBIDDEN",
        message: "Only owners and admins can do this here.",
        cause: { code: "forbidden" },
      });
    }
    expect(await codeOf(asAgent.projects.setArchived({ ...scope(), archived: true }))).toBe("FORBIDDEN");
    const [first] = await studio.api.generations.list(scope());
    expect(first.deletable).toBe(true);
    const seenByAgent = await asAgent.generations.list(scope());
    expect(seenByAgent.every((g) => !g.deletable)).toBe(true);
    const generationId = seenByAgent[0].id;
    expect(await codeOf(asAgent.generations.delete({ workspaceId: studio.workspaceId, generationId }))).toBe("FORBIDDEN");
    expect(await studio.api.exports.shareLink(scope())).not.toBeNull();

    const { path } = (await studio.api.exports.shareLink(scope()))!;
    await studio.api.listings.unpublish(scope());
    expect(await codeOf((await callerFor(null)).exports.share({ token: path.split("/").pop()! }))).toBe("NOT_FOUND");
    expect(await studio.api.exports.shareLink(scope())).toBeNull();
    const ctx = await createStudioContext();
    const actions = (await ctx.db.select().from(auditEvents).where(eq(auditEvents.workspaceId, studio.workspaceId))).map(
      (event) => event.action,
    );
    expect(actions).toEqual(expect.arrayContaining(["listing_published", "listing_unpublished"]));
  });

  it("gives a labelled download a QR code to that image's own page, with its original, and publishes nothing", async () => {
    const { api } = studio;
    const exported = await api.exports.exportOutput({ ...{ workspaceId: studio.workspaceId }, outputId: outputIds[0], disclosure: true });
    expect(exported.labelled).toBe(true);
    expect(await api.exports.shareLink(scope())).toBeNull();
    const labelled = Buffer.from(await (await fetch(exported.url)).arrayBuffer());
    const { data, info } = await sharp(labelled).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
    expect(code, "QR code in the labelled download").not.toBeNull();
    const target = new URL(code!.data);
    expect(target.pathname).toMatch(/^\/disclosure\//);
    const page = await (await callerFor(null)).exports.imagePage({ token: target.pathname.split("/").pop()! });
    expect(page.item).toMatchObject({ id: outputIds[0], label: "Virtually staged" });
    const ctx = await createStudioContext();
    const [photo] = await ctx.db.select().from(photos).where(eq(photos.id, studio.photoIds[0]));
    const original = Buffer.from(await (await fetch(page.item.originalUrl)).arrayBuffer());
    expect(Buffer.compare(original, (await getBlobStore().get(photo.storageKey))!.bytes)).toBe(0);
    // The same page on every download of the image.
    const again = await api.exports.exportOutput({ workspaceId: studio.workspaceId, outputId: outputIds[0], disclosure: true });
    expect(again.pageUrl).toBe(exported.pageUrl);
  });
});
