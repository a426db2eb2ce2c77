/**
 * A project's generations, newest first, with their outputs and fresh links: what the
 * workflow area shows and polls while anything is running. Photos of a whole-listing
 * batch are shown with their batch (batches/list-batches.ts), not one by one here.
 */
import "server-only";
import { and, asc, desc, eq, inArray, notExists } from "drizzle-orm";
import { stagingBatchPhotos } from "@/db/schema/studio-batches";
import { photos, users } from "@/db/schema/studio";
import { generationOutputs, generations } from "@/db/schema/studio-generations";
import { descriptionRevisions } from "@/db/schema/studio-listing-copy";
import { derivativeUrls } from "@/server/images/derivatives";
import { requestMissingCopies } from "../photos/make-missing-copies";
import type { StudioContext } from "../context";
import { getProject } from "../projects/get-project";
import { mayDeleteWork } from "@/shared/roles";
import { MULTIVIEW_MAX_ATTEMPTS, type WorkspaceRole } from "@/shared/vocabulary";
import { keptRecordOf } from "./kept-areas";
import { inProject } from "./kept-outputs";
import { outputDisclosure } from "./output-disclosure";
import { structureReviews } from "./review/structure-reviews";

export async function listGenerations(
  ctx: StudioContext,
  input: { workspaceId: string; projectId: string; limit?: number; viewer: { userId: string; role: WorkspaceRole } },
) {
  await getProject(ctx, input);
  const rows = await ctx.db
    .select({ generation: generations, createdByName: users.name })
    .from(generations)
    .leftJoin(users, eq(users.id, generations.createdBy))
    .where(
      and(
        inProject(input),
        notExists(
          ctx.db
            .select({ generationId: stagingBatchPhotos.generationId })
            .from(stagingBatchPhotos)
            .where(eq(stagingBatchPhotos.generationId, generations.id)),
        ),
      ),
    )
    .orderBy(desc(generations.createdAt))
    .limit(input.limit ?? 50);
  const ids = rows.map((row) => row.generation.id);
  const outputs = ids.length
    ? await ctx.db.select().from(generationOutputs).where(inArray(generationOutputs.generationId, ids)).orderBy(generationOutputs.position)
    : [];
  const descriptionIds = rows.filter((row) => row.generation.kind === "description").map((row) => row.generation.id);
  const revisions = descriptionIds.length
    ? await ctx.db
        .select({
          generationId: descriptionRevisions.generationId,
          text: descriptionRevisions.text,
          createdAt: descriptionRevisions.createdAt,
          editedByName: users.name,
        })
        .from(descriptionRevisions)
        .leftJoin(users, eq(users.id, descriptionRevisions.editedBy))
        .where(inArray(descriptionRevisions.generationId, descriptionIds))
        .orderBy(asc(descriptionRevisions.createdAt))
    : [];
  const url = (key: string | null) => (key ? ctx.storage.url(key) : Promise.resolve(null));
  // Images stored before copies existed get them on this first look (make-missing-copies.ts).
  if (outputs.some((output) => !output.resized && output.storageKey)) await requestMissingCopies(ctx, input);
  // Outputs are named after the photo they were made from ("View of kitchen.jpg").
  const sourceKeys = [...new Set(outputs.map((output) => output.sourceKey).filter((key): key is string => Boolean(key)))];
  const sourcePhotos = sourceKeys.length
    ? await ctx.db
        .select({ id: photos.id, storageKey: photos.storageKey, fileName: photos.fileName, resized: photos.resized })
        .from(photos)
        .where(and(eq(photos.workspaceId, input.workspaceId), inArray(photos.storageKey, sourceKeys)))
    : [];
  const sourcePhoto = (key: string | null) => sourcePhotos.find((photo) => photo.storageKey === key);
  // Links to an image's WebP copies; the page shows `url` while an old image has none.
  const store = ctx.storage;
  const resized = (key: string | null, contentType: string | null, isResized = true) =>
    derivativeUrls(store, key, { contentType, resized: isResized });
  const reviewOf = await structureReviews(ctx.db, outputs);

  return Promise.all(
    rows.map(async ({ generation, createdByName }) => ({
      id: generation.id,
      kind: generation.kind,
      status: generation.status,
      params: generation.params,
      progress: generation.progress,
      result: generation.result,
      error: generation.error,
      photoId: generation.photoId,
      createdByName,
      /** Whether the person reading may delete it: their own, or anyone's for owners and admins (shared/roles.ts). */
      deletable: mayDeleteWork(input.viewer.role, { createdBy: generation.createdBy, userId: input.viewer.userId }),
      /** Description runs: every saved edit, oldest first; the last one is the current copy. */
      revisions: revisions
        .filter((revision) => revision.generationId === generation.id)
        .map(({ generationId: _g, ...revision }) => revision),
      createdAt: generation.createdAt,
      completedAt: generation.completedAt,
      outputs: await Promise.all(
        outputs
          .filter((output) => output.generationId === generation.id)
          .map(async (output) => ({
            id: output.id,
            role: output.role,
            position: output.position,
            status: output.status,
            contentType: output.contentType,
            url: await url(output.storageKey),
            resized: await resized(output.storageKey, output.contentType, output.resized),
            sourceUrl: await url(output.sourceKey),
            // Sources are photos or earlier outputs, always images.
            sourceResized: await resized(output.sourceKey, "image/*", sourcePhoto(output.sourceKey)?.resized),
            sourceName: sourcePhoto(output.sourceKey)?.fileName ?? null,
            /** The project photo it was made from (null when made from another output). */
            sourcePhotoId: sourcePhoto(output.sourceKey)?.id ?? null,
            gate: output.gate,
            gateScores: output.gateScores,
            heldBackUrl: await url(output.heldBackKey),
            heldBackResized: await resized(output.heldBackKey, "image/*"),
            attempts: output.attempts,
            attemptsLeft: Math.max(0, MULTIVIEW_MAX_ATTEMPTS - output.attempts),
            error: output.error,
            provider: output.provider,
            disclosure: outputDisclosure(
              generation,
              output,
              outputs.filter((other) => other.generationId === generation.id),
            ),
            /** The structure check's verdict (D17), and who judged a review one "Looks right"; null where nothing was checked. */
            review: reviewOf(output),
            /** The areas kept exactly from the photo (D17): the mask to outline over the result, and what each is. */
            kept: await keptView(ctx, generation.params, output.sourceKey),
          })),
      ),
    })),
  );
}

async function keptView(
  ctx: StudioContext,
  params: Record<string, unknown>,
  sourceKey: string | null,
): Promise<{ maskUrl: string; names: string[] } | null> {
  const record = keptRecordOf(params, sourceKey);
  return record ? { maskUrl: await ctx.storage.url(record.maskKey), names: record.areas.map((area) => area.name) } : null;
}

export type GenerationView = Awaited<ReturnType<typeof listGenerations>>[number];
export type OutputView = GenerationView["outputs"][number];
