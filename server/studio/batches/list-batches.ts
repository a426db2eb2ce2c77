/**
 * A project's whole-listing batches, newest first: each with its progress (n of N
 * settled, failures named, photos deleted from the project since) and its photos' results, grouped per batch, labelled as
 * their single stagings are (output-disclosure.ts).
 */
import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import { photos as photoTable, users } from "@/db/schema/studio";
import { stagingBatches } from "@/db/schema/studio-batches";
import { generationOutputs, generations } from "@/db/schema/studio-generations";
import { derivativeUrls } from "@/server/images/derivatives";
import type { StudioContext } from "../context";
import { outputDisclosure } from "../generations/output-disclosure";
import { structureReviews } from "../generations/review/structure-reviews";
import { requestMissingCopies } from "../photos/make-missing-copies";
import { getProject } from "../projects/get-project";
import { batchPhotos, countProgress } from "./batch-photos";

export async function listBatches(ctx: StudioContext, input: { workspaceId: string; projectId: string; limit?: number }) {
  await getProject(ctx, input);
  const batches = await ctx.db
    .select({ batch: stagingBatches, createdByName: users.name })
    .from(stagingBatches)
    .leftJoin(users, eq(users.id, stagingBatches.createdBy))
    .where(and(eq(stagingBatches.workspaceId, input.workspaceId), eq(stagingBatches.projectId, input.projectId)))
    .orderBy(desc(stagingBatches.createdAt))
    .limit(input.limit ?? 20);
  const store = ctx.storage;
  const url = (key: string | null) => (key ? store.url(key) : Promise.resolve(null));

  return Promise.all(
    batches.map(async ({ batch, createdByName }) => {
      const rows = await batchPhotos(ctx.db, batch.id);
      const generationIds = rows.flatMap((row) => (row.generationRecorded && row.generationId ? [row.generationId] : []));
      const [names, runs, outputs] = await Promise.all([
        rows.length
          ? ctx.db
              .select({ id: photoTable.id, fileName: photoTable.fileName, storageKey: photoTable.storageKey, resized: photoTable.resized })
              .from(photoTable)
              .where(
                inArray(
                  photoTable.id,
                  rows.map((row) => row.photoId),
                ),
              )
          : [],
        generationIds.length ? ctx.db.select().from(generations).where(inArray(generations.id, generationIds)) : [],
        generationIds.length ? ctx.db.select().from(generationOutputs).where(inArray(generationOutputs.generationId, generationIds)) : [],
      ]);
      if (outputs.some((output) => !output.resized && output.storageKey)) await requestMissingCopies(ctx, input);
      const reviewOf = await structureReviews(ctx.db, outputs);
      // Whether each source photo has its copies yet (listPhotos asks for them when not).
      const sources = new Map(names.map((photo) => [photo.storageKey, photo.resized]));
      return {
        id: batch.id,
        status: batch.status,
        style: batch.style,
        intensity: batch.intensity,
        createdByName,
        createdAt: batch.createdAt,
        completedAt: batch.completedAt,
        // A photo deleted from the project takes its row along: the batch's own count stays.
        counts: {
          ...countProgress(rows),
          total: batch.photoCount ?? rows.length,
          deleted: Math.max(0, (batch.photoCount ?? rows.length) - rows.length),
        },
        photos: await Promise.all(
          rows.map(async (row) => {
            const run = runs.find((generation) => generation.id === row.generationId);
            const own = outputs.filter((output) => output.generationId === row.generationId);
            const staged = own.find((output) => output.role === "staged" && output.status === "completed");
            return {
              photoId: row.photoId,
              fileName: names.find((name) => name.id === row.photoId)?.fileName ?? "Photo",
              position: row.position,
              roomType: row.roomType,
              progress: row.progress,
              error: row.error ?? run?.error ?? null,
              output:
                run && staged
                  ? {
                      id: staged.id,
                      url: await url(staged.storageKey),
                      resized: await derivativeUrls(store, staged.storageKey, { contentType: staged.contentType, resized: staged.resized }),
                      sourceUrl: await url(staged.sourceKey),
                      sourceResized: await derivativeUrls(store, staged.sourceKey, {
                        resized: sources.get(staged.sourceKey ?? "") ?? true,
                      }),
                      provider: staged.provider,
                      disclosure: outputDisclosure(run, staged, own),
                      review: reviewOf(staged),
                    }
                  : null,
            };
          }),
        ),
      };
    }),
  );
}

export type BatchView = Awaited<ReturnType<typeof listBatches>>[number];
