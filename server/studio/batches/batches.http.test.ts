/**
 * Whole-listing staging end to end: tRPC procedures → the real v1 routes over HTTP →
 * the service's durable functions and the studio's batch function on a local executor
 * → rows, stored outputs, the usage ledger and the service's own quota and jobs.
 */
import crypto from "node:crypto";
import { TRPCError } from "@trpc/server";
import { eq, inArray } from "drizzle-orm";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { accounts, idempotencyKeys, jobGroups } from "@/db/schema/v1";
import { workspaces } from "@/db/schema/studio";
import { stagingBatches, stagingBatchPhotos } from "@/db/schema/studio-batches";
import { studioFunctions } from "@/inngest/functions/studio";
import { v1Functions } from "@/inngest/functions/v1";
import { shortOfQuotaMessage } from "@/shared/credit-costs";
import { createStudioContext } from "../context";
import { studioWithPhotos } from "@/test/fixtures";
import { advanceBatch } from "./advance-batch";
import { batchZip } from "./batch-zip";
import { photoGenerationId } from "./batch-ids";
import { rejectionOf } from "@/test/rejection";
import { useAppStack } from "@/test/app-stack";

// Two photos in flight per batch, so a 4-photo batch has photos the service has not seen.
vi.hoisted(() => {
  process.env.STUDIO_BATCH_IN_FLIGHT = "2";
});

const stack = useAppStack({ functions: [...v1Functions, ...studioFunctions] });

type Studio = Awaited<ReturnType<typeof studioWithPhotos>>;

async function accountOf(workspaceId: string) {
  const [row] = await (await getDb()).select({ id: workspaces.v1AccountId }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return row.id!;
}

async function batchOf(studio: Studio, batchId: string) {
  const batch = (await studio.api.batches.list({ workspaceId: studio.workspaceId, projectId: studio.projectId })).find(
    (b) => b.id === batchId,
  );
  if (!batch) throw new Error(`batch ${batchId} not listed`);
  return batch;
}

/** Waits until the batch has stopped (completed, canceled or paused) and none of its photos is still running. */
async function settled(studio: Studio, batchId: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const batch = await batchOf(studio, batchId);
    if (batch.counts.running === 0 && batch.status !== "running") return batch;
    if (Date.now() > deadline) throw new Error(`batch ${batchId} still ${JSON.stringify(batch.counts)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const refusal = (promise: Promise<unknown>) => rejectionOf(promise, TRPCError);

describe("whole-listing staging", () => {
  it("stages every photo with one style and one seed: one job and one quota unit per photo, however often the start arrives", async () => {
    const studio = await studioWithPhotos("Bea", 3);
    const { api, workspaceId, projectId, photoIds } = studio;
    const roomTypes = ["living_room", "bedroom", "kitchen"] as const;
    const start = {
      workspaceId,
      projectId,
      requestId: crypto.randomUUID(),
      style: "japandi" as const,
      intensity: 0.7,
      photos: photoIds.map((photoId, index) => ({ photoId, roomType: roomTypes[index] })),
    };
    // A double click and a retried request: three identical starts, two of them at once.
    const [first, second] = await Promise.all([api.batches.start(start), api.batches.start(start)]);
    expect(second.id).toBe(first.id);

    const batch = await settled(studio, first.id);
    expect(batch).toMatchObject({ status: "completed", style: "japandi", counts: { total: 3, completed: 3, failed: 0, canceled: 0 } });
    expect(batch.photos.map((photo) => photo.roomType)).toEqual([...roomTypes]);
    for (const photo of batch.photos) {
      expect(photo).toMatchObject({ progress: "completed", error: null });
      // The offline provider's staging is a style preview, in a batch as alone (D14).
      expect(photo.output).toMatchObject({
        provider: "local",
        url: expect.any(String),
        disclosure: { label: "Style preview", preview: true },
      });
      expect(photo.output!.url).not.toBe(photo.output!.sourceUrl);
    }
    expect((await api.batches.start(start)).id).toBe(first.id);

    const usage = await api.usage.summary({ workspaceId });
    expect(usage.byOperation).toEqual([{ operation: "job", credits: 0, units: 3 }]);
    expect(await api.usage.quota({ workspaceId })).toMatchObject({ ok: true, usedThisMonth: 3 });

    // The service saw one job per photo, each with the batch's style and seed and its own room.
    const db = await getDb();
    const account = await accountOf(workspaceId);
    const jobs = await db.select().from(jobGroups).where(eq(jobGroups.accountId, account));
    expect(jobs).toHaveLength(3);
    expect(new Set(jobs.map((job) => job.style))).toEqual(new Set(["japandi"]));
    expect(new Set(jobs.map((job) => job.seed)).size).toBe(1);
    expect(jobs[0].seed).toEqual(expect.any(Number));
    expect(jobs.map((job) => job.roomType).sort()).toEqual([...roomTypes].sort());
    // Each photo's Idempotency-Key derives from the batch's request id and the photo.
    const [row] = await db.select().from(stagingBatches).where(eq(stagingBatches.id, first.id));
    const keys = (await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.accountId, account))).map(
      (k) => k.key,
    );
    expect(keys.sort()).toEqual(photoIds.map((photoId) => `studio-${photoGenerationId(row, photoId)}`).sort());

    // Grouped with the batch, not listed one by one among the project's runs.
    expect(await api.generations.list({ workspaceId, projectId })).toEqual([]);

    // The batch's results as one zip, in the batch's order, each labelled.
    const zip = await batchZip(await createStudioContext(), { workspaceId, batchId: first.id, userId: studio.user.id });
    const chunks: Buffer[] = [];
    for await (const chunk of zip.stream) chunks.push(chunk as Buffer);
    const files = unzipSync(new Uint8Array(Buffer.concat(chunks)));
    expect(Object.keys(files)).toEqual([
      "photo-01-living-room-style-preview.jpg",
      "photo-02-bedroom-style-preview.jpg",
      "photo-03-kitchen-style-preview.jpg",
    ]);
    expect(await sharp(Buffer.from(files["photo-01-living-room-style-preview.jpg"])).metadata()).toMatchObject({ format: "jpeg" });
  }, 120_000);

  it("refuses a listing the month's quota cannot take, before anything starts or is charged", async () => {
    const studio = await studioWithPhotos("Cy", 3);
    const { api, workspaceId, projectId, photoIds } = studio;
    const db = await getDb();
    await db
      .update(accounts)
      .set({ monthlyQuota: 2 })
      .where(eq(accounts.id, await accountOf(workspaceId)));
    const error = await refusal(
      api.batches.start({
        workspaceId,
        projectId,
        requestId: crypto.randomUUID(),
        style: "modern",
        photos: photoIds.map((photoId) => ({ photoId, roomType: "bedroom" })),
      }),
    );
    expect(error.code).toBe("FORBIDDEN");
    expect(error.message).toBe(shortOfQuotaMessage(3, 2));
    expect(await db.select().from(stagingBatches).where(eq(stagingBatches.workspaceId, workspaceId))).toEqual([]);
    expect(await api.usage.quota({ workspaceId })).toMatchObject({ ok: true, usedThisMonth: 0 });
    // Two photos fit.
    const started = await api.batches.start({
      workspaceId,
      projectId,
      requestId: crypto.randomUUID(),
      style: "modern",
      photos: photoIds.slice(0, 2).map((photoId) => ({ photoId, roomType: "bedroom" })),
    });
    expect(started.id).toEqual(expect.any(String));
    await settled(studio, started.id);
  }, 120_000);

  it("pause holds the photos not yet started; cancel stops them; photos already started finish and are charged once", async () => {
    const studio = await studioWithPhotos("Dev", 4);
    const { api, workspaceId, projectId, photoIds } = studio;
    // Stopped, so this test takes the batch's steps itself, in a known order.
    await stack.executor.stopExecutor();
    const { id } = await api.batches.start({
      workspaceId,
      projectId,
      requestId: crypto.randomUUID(),
      style: "coastal",
      photos: photoIds.map((photoId) => ({ photoId, roomType: "living_room" })),
    });
    const ctx = await createStudioContext();
    expect(await advanceBatch(ctx, id)).toEqual({ done: false });
    expect((await batchOf(studio, id)).counts).toMatchObject({ queued: 2, running: 2 });

    expect(await api.batches.pause({ workspaceId, batchId: id })).toEqual({ status: "paused" });
    expect(await api.batches.pause({ workspaceId, batchId: id })).toEqual({ status: "paused" });
    expect(await advanceBatch(ctx, id)).toEqual({ done: true, value: "paused" });
    expect((await batchOf(studio, id)).counts).toMatchObject({ queued: 2, running: 2 });

    expect(await api.batches.cancel({ workspaceId, batchId: id })).toEqual({ status: "canceled", notStarted: 2 });
    expect(await api.batches.cancel({ workspaceId, batchId: id })).toEqual({ status: "canceled", notStarted: 0 });
    expect((await refusal(api.batches.resume({ workspaceId, batchId: id }))).code).toBe("CONFLICT");
    expect(await advanceBatch(ctx, id)).toEqual({ done: true, value: "canceled" });

    await stack.executor.restartExecutor();
    const batch = await settled(studio, id);
    expect(batch).toMatchObject({ status: "canceled", counts: { total: 4, completed: 2, canceled: 2, queued: 0, running: 0 } });
    expect(batch.photos.map((photo) => photo.progress)).toEqual(["completed", "completed", "canceled", "canceled"]);
    expect((await api.usage.summary({ workspaceId })).byOperation).toEqual([{ operation: "job", credits: 0, units: 2 }]);
    expect(await api.usage.quota({ workspaceId })).toMatchObject({ ok: true, usedThisMonth: 2 });
  }, 120_000);

  it("resumes a paused batch where it stood", async () => {
    const studio = await studioWithPhotos("Eve", 3);
    const { api, workspaceId, projectId, photoIds } = studio;
    await stack.executor.stopExecutor();
    const { id } = await api.batches.start({
      workspaceId,
      projectId,
      requestId: crypto.randomUUID(),
      style: "modern",
      photos: photoIds.map((photoId) => ({ photoId, roomType: "bedroom" })),
    });
    await api.batches.pause({ workspaceId, batchId: id });
    await stack.executor.restartExecutor();
    // The first run finds the batch paused and ends without starting anything.
    await stack.executor.waitForRun({ eventId: `batch-${id}` });
    expect((await batchOf(studio, id)).counts).toMatchObject({ queued: 3, running: 0 });
    await Promise.all([api.batches.resume({ workspaceId, batchId: id }), api.batches.resume({ workspaceId, batchId: id })]);
    const batch = await settled(studio, id);
    expect(batch).toMatchObject({ status: "completed", counts: { completed: 3 } });
    expect(await api.usage.quota({ workspaceId })).toMatchObject({ ok: true, usedThisMonth: 3 });
  }, 120_000);

  it("another workspace can neither start a batch of this workspace's photos nor pause, resume or cancel its batches: NOT_FOUND, no row changed", async () => {
    const owner = await studioWithPhotos("Fay", 2);
    const intruder = await studioWithPhotos("Gus", 1);
    const db = await getDb();
    // Stopped, so the batch stays where this test puts it.
    await stack.executor.stopExecutor();
    const { id } = await owner.api.batches.start({
      workspaceId: owner.workspaceId,
      projectId: owner.projectId,
      requestId: crypto.randomUUID(),
      style: "modern",
      photos: owner.photoIds.map((photoId) => ({ photoId, roomType: "bedroom" })),
    });
    const rows = async () => ({
      batches: await db
        .select()
        .from(stagingBatches)
        .where(inArray(stagingBatches.workspaceId, [owner.workspaceId, intruder.workspaceId])),
      photos: await db
        .select()
        .from(stagingBatchPhotos)
        .where(inArray(stagingBatchPhotos.photoId, [...owner.photoIds, ...intruder.photoIds])),
    });
    const refusedUnchanged = async (call: () => Promise<unknown>) => {
      const before = await rows();
      expect((await refusal(call())).code).toBe("NOT_FOUND");
      expect(await rows()).toEqual(before);
    };
    const own = { workspaceId: intruder.workspaceId, batchId: id };
    const theirs = { workspaceId: owner.workspaceId, batchId: id };

    // The owner's photos, in the intruder's own workspace and project, or named with the owner's project.
    const start = {
      workspaceId: intruder.workspaceId,
      projectId: intruder.projectId,
      requestId: crypto.randomUUID(),
      style: "modern" as const,
    };
    await refusedUnchanged(() =>
      intruder.api.batches.start({ ...start, photos: owner.photoIds.map((photoId) => ({ photoId, roomType: "bedroom" as const })) }),
    );
    await refusedUnchanged(() =>
      intruder.api.batches.start({
        ...start,
        photos: [...intruder.photoIds, owner.photoIds[0]].map((photoId) => ({ photoId, roomType: "bedroom" as const })),
      }),
    );
    await refusedUnchanged(() =>
      intruder.api.batches.start({
        ...start,
        projectId: owner.projectId,
        photos: owner.photoIds.map((photoId) => ({ photoId, roomType: "bedroom" as const })),
      }),
    );
    await refusedUnchanged(() =>
      intruder.api.batches.start({
        ...start,
        workspaceId: owner.workspaceId,
        projectId: owner.projectId,
        photos: owner.photoIds.map((photoId) => ({ photoId, roomType: "bedroom" as const })),
      }),
    );

    // A running batch: neither paused nor canceled by the intruder, through its own workspace or the owner's.
    expect((await rows()).batches.map((batch) => batch.status)).toEqual(["running"]);
    for (const ref of [own, theirs]) {
      await refusedUnchanged(() => intruder.api.batches.pause(ref));
      await refusedUnchanged(() => intruder.api.batches.cancel(ref));
    }
    // A paused batch: not resumed by the intruder either.
    await owner.api.batches.pause(theirs);
    for (const ref of [own, theirs]) {
      await refusedUnchanged(() => intruder.api.batches.resume(ref));
      await refusedUnchanged(() => intruder.api.batches.cancel(ref));
    }
    expect((await rows()).batches.map((batch) => batch.status)).toEqual(["paused"]);
    expect(await intruder.api.batches.list({ workspaceId: intruder.workspaceId, projectId: intruder.projectId })).toEqual([]);

    await owner.api.batches.cancel(theirs);
    await stack.executor.restartExecutor();
  }, 120_000);
});
