/**
 * Figure 9: whole-listing staging (issue 18 point 2). A studio workspace stages a
 * 40-photo listing through the studio's own verb (batches.start as its tRPC procedure
 * runs it): the batch's durable function hands the photos to the v1 API over HTTP, the
 * service's durable functions stage them at its configured concurrency, the studio's
 * pollers copy each result back. Timed from the start to the batch marked completed,
 * against the local staging provider on the same 40 images in this process at the same
 * concurrency (min of ACCOUNT_CONCURRENCY and PROVIDER_CONCURRENCY_REDESIGN).
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { stagingBatches } from "@/db/schema/studio-batches";
import { env } from "@/env";
import { localRedesignProvider } from "@/server/providers/local/redesign";
import type { RedesignParams } from "@/server/providers/types";
import { getBlobStore } from "@/server/storage";
import { newPerson } from "@/server/trpc/test/callers";
import { projectFields } from "@/server/studio/generations/test-helpers";
import type { Figure } from "../lib/report";
import { sizeLabel } from "../lib/images";
import { ratio, seconds, times } from "../lib/stats";
import { PHOTO_SIZES, photoFile, type BenchContext } from "./context";

const PHOTOS = 40;
const PHOTO = "medium" as const;
const STYLE = "scandinavian" as const;

const STAGING: RedesignParams = {
  type: "staging",
  roomType: "living_room",
  style: STYLE,
  color: null,
  intensity: 0.6,
  environment: "interior",
  maskPrompt: null,
  inspiration: null,
  styleReference: null,
  variant: 0,
};

/** The provider alone: the same images, `concurrency` at a time. */
async function rawListing(bytes: Buffer, concurrency: number): Promise<number> {
  const start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < PHOTOS) {
        next++;
        await localRedesignProvider.redesign({ bytes, contentType: "image/jpeg" }, STAGING);
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
    const [target] = await person.api.photos.prepareUploads({ workspaceId, projectId, files: [{ fileName, contentType: "image/jpeg", bytes: bytes.length }] });
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

export async function listingBatch(ctx: BenchContext): Promise<Figure> {
  const bytes = ctx.photos[photoFile(PHOTO)];
  const concurrency = Math.min(env.ACCOUNT_CONCURRENCY, env.PROVIDER_CONCURRENCY_REDESIGN);
  const listing = await listingWithPhotos(bytes);
  await localRedesignProvider.redesign({ bytes, contentType: "image/jpeg" }, STAGING); // warm-up
  const rawMs = await rawListing(bytes, concurrency);

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
  const batch = (await listing.api.batches.list({ workspaceId: listing.workspaceId, projectId: listing.projectId })).find((b) => b.id === id)!;
  if (batch.counts.completed !== PHOTOS) throw new Error(`the batch settled with ${JSON.stringify(batch.counts)}`);
  const r = ratio(batchMs, rawMs);
  return {
    id: 9,
    title: "Whole-listing batch",
    method: `A ${PHOTOS}-photo listing (${sizeLabel(PHOTO_SIZES[PHOTO])} JPEGs) staged through the studio (batches.start → batch function → POST /job per photo over HTTP → v1 durable functions → studio pollers copy each result), from the start to the batch marked completed, against localRedesignProvider.redesign on the same ${PHOTOS} images in a plain script, ${concurrency} at a time (min of ACCOUNT_CONCURRENCY and PROVIDER_CONCURRENCY_REDESIGN).`,
    columns: ["case", `${PHOTOS} photos`, "per photo"],
    rows: [
      [`provider alone, ${concurrency} at a time`, seconds(rawMs), seconds(rawMs / PHOTOS)],
      ["studio batch, start → completed", seconds(batchMs), seconds(batchMs / PHOTOS)],
    ],
    targets: [{ name: "batch ≤ 1.3× provider time", met: r <= 1.3, detail: `${times(r)} (${seconds(batchMs)} vs ${seconds(rawMs)})` }],
    notes: [`STUDIO_BATCH_IN_FLIGHT=${env.STUDIO_BATCH_IN_FLIGHT} photos handed to the service at a time; the batch function advances every second.`],
  };
}
