/**
 * Figure 9: whole-listing staging (issue 18 point 2). A studio workspace stages a
 * 40-photo listing through the studio's own verb (batches.start as its tRPC procedure
 * runs it): the batch's durable function hands the photos to the v1 API over HTTP, the
 * service's durable functions stage them at its configured concurrency, the studio's
 * pollers copy each result back. Timed from the start to the batch marked completed,
 * against the provider alone on the same 40 images at the same concurrency (min of
 * ACCOUNT_CONCURRENCY and PROVIDER_CONCURRENCY_REDESIGN): the local staging provider in
 * this process, or, with the remote-like provider, the same 40 predictions sent straight
 * to the Replicate double (upload, create with `Prefer: wait`, download the output).
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { stagingBatches } from "@/db/schema/studio-batches";
import { env } from "@/env";
import { localRedesignProvider } from "@/server/providers/local/redesign";
import type { RedesignParams } from "@/server/providers/types";
import { createRequest } from "@/server/providers/replicate/predictions";
import { getBlobStore } from "@/server/storage";
import { newPerson } from "@/test/callers";
import { projectFields } from "@/test/fixtures";
import type { Figure } from "../lib/report";
import { sizeLabel } from "../lib/images";
import { REMOTE_PROVIDER, type BenchProvider } from "../lib/settings";
import { ratio, seconds, times } from "../lib/stats";
import { PHOTO_SIZES, photoFile, type BenchContext } from "./context";
import { LIVING_ROOM_STAGING } from "@/test/redesign-params";

const PHOTOS = 40;
const PHOTO = "medium" as const;
const STYLE = "scandinavian" as const;

const STAGING: RedesignParams = { ...LIVING_ROOM_STAGING, style: STYLE };

/** One prediction straight to the Replicate double, as a bare client would make it. */
async function remotePrediction(bytes: Buffer): Promise<void> {
  const { baseUrl, token } = REMOTE_PROVIDER;
  const auth = { Authorization: `Bearer ${token}` };
  const form = new FormData();
  form.append("content", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "input.jpg");
  const file = (await (await fetch(`${baseUrl}/files`, { method: "POST", headers: auth, body: form })).json()) as { urls: { get: string } };
  const { path, body } = createRequest(env.REPLICATE_MODEL_REDESIGN, {
    prompt: "Stage this living room in scandinavian style.",
    input_image: file.urls.get,
    aspect_ratio: "match_input_image",
    output_format: "jpg",
  });
  const created = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json", Prefer: "wait=60" },
    body: JSON.stringify(body),
  });
  let prediction = (await created.json()) as { status: string; output: string[] | null; urls: { get: string } };
  while (prediction.status === "starting" || prediction.status === "processing") {
    await new Promise((resolve) => setTimeout(resolve, 100));
    prediction = (await (await fetch(prediction.urls.get, { headers: auth })).json()) as typeof prediction;
  }
  if (prediction.status !== "succeeded" || !prediction.output?.length)
    throw new Error(`the double's prediction ended ${prediction.status}`);
  await (await fetch(prediction.output[0])).arrayBuffer();
}

const PROVIDER_ALONE: Record<BenchProvider, (bytes: Buffer) => Promise<unknown>> = {
  local: (bytes) => localRedesignProvider.redesign({ bytes, contentType: "image/jpeg" }, STAGING),
  remote: remotePrediction,
};

/** The provider alone: the same images, `concurrency` at a time. */
async function rawListing(provider: BenchProvider, bytes: Buffer, concurrency: number): Promise<number> {
  const start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < PHOTOS) {
        next++;
        await PROVIDER_ALONE[provider](bytes);
      }
    }),
  );
  return performance.now() - start;
}

async function listingWithPhotos(bytes: Buffer) {
  const person = await newPerson("Bench Lister");
  const workspaceId = (await person.api.workspaces.create({ name: "Bench Listings" })).id;
  const projectId = (await person.api.projects.create({ workspaceId, fields: projectFields })).id;
  const photoIds: string[] = [];
  for (let i = 0; i < PHOTOS; i++) {
    const fileName = `listing-${i + 1}.jpg`;
    const [target] = await person.api.photos.prepareUploads({
      workspaceId,
      projectId,
      files: [{ fileName, contentType: "image/jpeg", bytes: bytes.length }],
    });
    await getBlobStore().put(target.key, bytes, "image/jpeg");
    photoIds.push((await person.api.photos.confirmUpload({ workspaceId, projectId, key: target.key, fileName })).id);
  }
  return { ...person, workspaceId, projectId, photoIds };
}

async function untilSettled(ctx: BenchContext, batchId: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [batch] = await ctx.db.select({ status: stagingBatches.status }).from(stagingBatches).where(eq(stagingBatches.id, batchId));
    if (batch?.status === "completed") return;
    if (Date.now() > deadline) throw new Error(`batch ${batchId} still ${batch?.status} after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const BASELINE: Record<BenchProvider, string> = {
  local: "localRedesignProvider.redesign in a plain script",
  remote: `the same predictions sent straight to the Replicate double (${REMOTE_PROVIDER.predictionMs / 1000} s each; upload, create with Prefer: wait, download)`,
};

export async function listingBatch(ctx: BenchContext): Promise<Figure> {
  const bytes = ctx.photos[photoFile(PHOTO)];
  const concurrency = Math.min(env.ACCOUNT_CONCURRENCY, env.PROVIDER_CONCURRENCY_REDESIGN);
  const listing = await listingWithPhotos(bytes);
  await PROVIDER_ALONE[ctx.provider](bytes); // warm-up
  const rawMs = await rawListing(ctx.provider, bytes, concurrency);

  const start = performance.now();
  const { id } = await listing.api.batches.start({
    workspaceId: listing.workspaceId,
    projectId: listing.projectId,
    requestId: crypto.randomUUID(),
    style: STYLE,
    intensity: 0.6,
    photos: listing.photoIds.map((photoId) => ({ photoId, roomType: "living_room" as const })),
  });
  await untilSettled(ctx, id, 900_000);
  const batchMs = performance.now() - start;
  const batch = (await listing.api.batches.list({ workspaceId: listing.workspaceId, projectId: listing.projectId })).find(
    (b) => b.id === id,
  )!;
  if (batch.counts.completed !== PHOTOS) throw new Error(`the batch settled with ${JSON.stringify(batch.counts)}`);
  const r = ratio(batchMs, rawMs);
  return {
    id: 9,
    title: "Whole-listing batch",
    method: `A ${PHOTOS}-photo listing (${sizeLabel(PHOTO_SIZES[PHOTO])} JPEGs) staged through the studio (batches.start → batch function → POST /job per photo over HTTP → v1 durable functions → studio pollers copy each result), from the start to the batch marked completed, against ${BASELINE[ctx.provider]} on the same ${PHOTOS} images, ${concurrency} at a time (min of ACCOUNT_CONCURRENCY and PROVIDER_CONCURRENCY_REDESIGN).`,
    columns: ["case", `${PHOTOS} photos`, "per photo"],
    rows: [
      [`provider alone, ${concurrency} at a time`, seconds(rawMs), seconds(rawMs / PHOTOS)],
      ["studio batch, start → completed", seconds(batchMs), seconds(batchMs / PHOTOS)],
    ],
    targets: [{ name: "batch ≤ 1.3× provider time", met: r <= 1.3, detail: `${times(r)} (${seconds(batchMs)} vs ${seconds(rawMs)})` }],
    notes: [
      `STUDIO_BATCH_IN_FLIGHT=${env.STUDIO_BATCH_IN_FLIGHT} photos handed to the service at a time; the batch function advances every second.`,
    ],
  };
}
