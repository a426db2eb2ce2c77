/**
 * Listing copy edited in place: each save is a revision, an unchanged save adds none,
 * the list shows the history, the share page shows the latest wording; unfinished or
 * foreign descriptions are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { generations } from "@/db/schema/studio-generations";
import { studioWithPhotos } from "@/test/fixtures";
import { codeOf } from "@/test/callers";
import { publishDraft } from "@/test/listing";

let home: Awaited<ReturnType<typeof studioWithPhotos>>;
let rival: Awaited<ReturnType<typeof studioWithPhotos>>;

async function description(status: "completed" | "running" = "completed") {
  const db = await getDb();
  const [row] = await db
    .insert(generations)
    .values({
      workspaceId: home.workspaceId,
      projectId: home.projectId,
      kind: "description",
      status,
      params: {},
      result: status === "completed" ? { description: "A bright house." } : null,
    })
    .returning();
  return row.id;
}

beforeAll(async () => {
  [home, rival] = await Promise.all([studioWithPhotos("Nia", 0), studioWithPhotos("Omar", 0)]);
}, 30_000);

afterAll(closeDb);

describe("generations.reviseDescription", () => {
  it("keeps every saved wording, newest last; the listing page shows only what was saved for it", async () => {
    const generationId = await description();
    const { workspaceId, projectId, api } = home;
    expect(await api.generations.reviseDescription({ workspaceId, generationId, text: "A bright three-bedroom house." })).toEqual({
      saved: true,
    });
    expect(await api.generations.reviseDescription({ workspaceId, generationId, text: "  A bright three-bedroom house.  " })).toEqual({
      saved: false,
    });
    expect(await api.generations.reviseDescription({ workspaceId, generationId, text: "A bright house." })).toEqual({ saved: true });
    const listed = (await api.generations.list({ workspaceId, projectId })).find((g) => g.id === generationId)!;
    expect(listed.revisions.map((r) => [r.text, r.editedByName])).toEqual([
      ["A bright three-bedroom house.", "Nia"],
      ["A bright house.", "Nia"],
    ]);
    await api.generations.reviseDescription({ workspaceId, generationId, text: "Final copy." });
    const { path } = await publishDraft(api, { workspaceId, projectId });
    const token = path.split("/").pop()!;
    expect((await api.exports.share({ token })).description).toBeNull();
    await api.listings.setDescription({ workspaceId, projectId, description: "Final copy." });
    // On the page once the draft is published.
    expect((await api.exports.share({ token })).description).toBeNull();
    await publishDraft(api, { workspaceId, projectId });
    expect((await api.exports.share({ token })).description).toBe("Final copy.");
  });

  it("refuses a description still being written, an empty text, and another workspace's copy", async () => {
    const running = await description("running");
    expect(await codeOf(home.api.generations.reviseDescription({ workspaceId: home.workspaceId, generationId: running, text: "x" }))).toBe(
      "CONFLICT",
    );
    const done = await description();
    expect(await codeOf(home.api.generations.reviseDescription({ workspaceId: home.workspaceId, generationId: done, text: "   " }))).toBe(
      "BAD_REQUEST",
    );
    expect(
      await codeOf(rival.api.generations.reviseDescription({ workspaceId: rival.workspaceId, generationId: done, text: "mine now" })),
    ).toBe("NOT_FOUND");
  });
});
