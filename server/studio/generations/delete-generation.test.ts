/**
 * Deleting a result: a finished run and its stored files go, the credit ledger stays; a
 * running run and another workspace's run are refused.
 */
import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { generationOutputs, generations, usageEntries } from "@/db/schema/studio-generations";
import { getBlobStore } from "@/server/storage";
import { studioWithPhotos } from "./test-helpers";

let home: Awaited<ReturnType<typeof studioWithPhotos>>;
let rival: Awaited<ReturnType<typeof studioWithPhotos>>;

async function finishedRun(kind: "staging" | "video", status: "completed" | "running" = "completed") {
  const db = await getDb();
  const [row] = await db
    .insert(generations)
    .values({ workspaceId: home.workspaceId, projectId: home.projectId, kind, status, params: {} })
    .returning();
  const key = `studio/${home.workspaceId}/projects/${home.projectId}/generations/${row.id}/staged-0.jpg`;
  await getBlobStore().put(key, Buffer.from("jpeg bytes"), "image/jpeg");
  await db.insert(generationOutputs).values({ generationId: row.id, workspaceId: home.workspaceId, role: "staged", position: 0, status, storageKey: key });
  await db.insert(usageEntries).values({ workspaceId: home.workspaceId, generationId: row.id, operation: "job", v1JobId: `job-${row.id}`, credits: 0, quotaUnits: 1, month: "2026-11" });
  return { id: row.id, key };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "OK";
  } catch (error) {
    if (error instanceof TRPCError) return error.code;
    throw error;
  }
}

beforeAll(async () => {
  [home, rival] = await Promise.all([studioWithPhotos("Dora", 0), studioWithPhotos("Eli", 0)]);
}, 30_000);

afterAll(closeDb);

describe("generations.delete", () => {
  it("removes a finished run and its files, and keeps what it cost", async () => {
    const run = await finishedRun("staging");
    await home.api.generations.delete({ workspaceId: home.workspaceId, generationId: run.id });
    const db = await getDb();
    expect(await db.select().from(generations).where(eq(generations.id, run.id))).toEqual([]);
    expect(await getBlobStore().get(run.key)).toBeNull();
    const [usage] = await db.select().from(usageEntries).where(eq(usageEntries.v1JobId, `job-${run.id}`));
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
