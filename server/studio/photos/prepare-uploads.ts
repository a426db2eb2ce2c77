import "server-only";
import { sql } from "drizzle-orm";
import { photoPositions, uploads } from "@/db/schema/studio-uploads";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";
import { getProject } from "../projects/get-project";
import { newUploadKey } from "./photo-key";
import { MAX_PHOTO_BYTES, photoFileProblem } from "@/shared/photo-rules";

export interface UploadRequest {
  fileName: string;
  contentType: string;
  bytes: number;
}

/**
 * Presigned upload targets, one per file: the browser sends the bytes straight to
 * storage (never through a serverless function, whose bodies are capped at 4.5 MB on
 * Vercel), then calls confirmUpload with the key. Storage refuses more than
 * MAX_PHOTO_BYTES; each key is recorded, so one left unconfirmed is removed by the daily sweep
 * (inngest/functions/studio/remove-stale-uploads.ts). Each file gets its place in the
 * order the files were chosen (photos.position), so the grid keeps that order whichever
 * upload finishes first.
 */
export async function prepareUploads(ctx: StudioContext, input: { workspaceId: string; projectId: string; files: UploadRequest[] }) {
  await getProject(ctx, input);
  const prepared = input.files.map((file) => {
    const problem = photoFileProblem({ name: file.fileName, type: file.contentType, size: file.bytes });
    if (problem) throw new AppError("unsupported_media", problem);
    return { file, key: newUploadKey(input.workspaceId, input.projectId, file.contentType as never) };
  });
  const taken = await ctx.db.execute<{ position: string }>(
    sql`select nextval(${`${photoPositions.schema}.${photoPositions.seqName}`}::regclass) as position from generate_series(1, ${prepared.length})`,
  );
  const positions = taken.map((row) => Number(row.position)).sort((a, b) => a - b);
  await ctx.db.insert(uploads).values(
    prepared.map(({ key }, index) => ({
      storageKey: key,
      workspaceId: input.workspaceId,
      position: positions[index],
      createdAt: ctx.now(),
    })),
  );
  return Promise.all(
    prepared.map(async ({ file, key }) => ({
      fileName: file.fileName,
      key,
      ...(await ctx.storage.presignUpload(key, file.contentType, MAX_PHOTO_BYTES)),
    })),
  );
}
