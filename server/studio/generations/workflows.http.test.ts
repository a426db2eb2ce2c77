/**
 * The studio's workflows end to end: tRPC procedures → the real v1 routes over HTTP
 * (with the workspace's provisioned key) → the service's durable functions and the
 * studio's pollers and chains on a local executor → rows, stored outputs and usage.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "@/db/client";
import { studioFunctions } from "@/inngest/functions/studio";
import { v1Functions } from "@/inngest/functions/v1";
import { startTestExecutor, type TestExecutor } from "@/inngest/local/testing";
import { getBlobStore } from "@/server/storage";
import { startAppServer, type AppServer } from "@/test/app-server";
import sharp from "sharp";
import { studioWithPhotos } from "./test-helpers";

let app: AppServer;
let executor: TestExecutor;
let studio: Awaited<ReturnType<typeof studioWithPhotos>>;

beforeAll(async () => {
  app = await startAppServer();
  executor = await startTestExecutor({ functions: [...v1Functions, ...studioFunctions] });
  studio = await studioWithPhotos("Lena", 3);
}, 60_000);

afterAll(async () => {
  await executor?.stop();
  await app?.close();
  await closeDb();
});

async function settled(generationId: string, timeoutMs = 60_000) {
  const { api, workspaceId, projectId } = studio;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const generation = (await api.generations.list({ workspaceId, projectId })).find((g) => g.id === generationId);
    if (generation && generation.status !== "running") return generation;
    if (Date.now() > deadline) throw new Error(`generation ${generationId} still ${generation?.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function storedImage(url: string | null) {
  const key = await getBlobStore().resolveOwnUrl(url!);
  const blob = await getBlobStore().get(key!);
  return sharp(blob!.bytes).metadata();
}

describe("studio workflows over the v1 API", () => {
  it("stages a photo: the job is polled to completion, outputs are copied, one quota unit is recorded", async () => {
    const { api, workspaceId, projectId, photoIds } = studio;
    const { id } = await api.generations.stage({
      workspaceId,
      projectId,
      photoId: photoIds[0],
      redesignType: "staging",
      roomType: "living_room",
      style: "scandinavian",
      intensity: 0.6,
      fast: true,
    });
    const generation = await settled(id);
    expect(generation).toMatchObject({ kind: "staging", status: "completed", error: null });
    expect(generation.outputs).toHaveLength(1);
    const [output] = generation.outputs;
    expect(output).toMatchObject({ role: "staged", status: "completed", contentType: expect.stringMatching(/^image\//) });
    expect(output.url).not.toBe(output.sourceUrl);
    expect(await storedImage(output.url)).toMatchObject({ width: 320, height: 240 });

    const usage = await api.usage.summary({ workspaceId });
    expect(usage.byOperation).toEqual([{ operation: "job", credits: 0, units: 1 }]);
    const quota = await api.usage.quota({ workspaceId });
    expect(quota).toMatchObject({ ok: true, usedThisMonth: 1 });
  }, 90_000);
});
