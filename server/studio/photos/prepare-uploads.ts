import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";
import { getProject } from "../projects/get-project";
import { newPhotoKey } from "./photo-key";
import { MAX_PHOTO_BYTES, photoFileProblem } from "@/shared/photo-rules";

export interface UploadRequest {
  fileName: string;
  contentType: string;
  bytes: number;
}

/**
 * Presigned upload targets, one per file: the browser sends the bytes straight to
 * storage (never through a serverless function, whose bodies are capped at 4.5 MB on
 * Vercel), then calls confirmUpload with the key.
 */
export async function prepareUploads(
  ctx: StudioContext,
  input: { workspaceId: string; projectId: string; files: UploadRequest[] },
) {
  await getProject(ctx, input);
  return Promise.all(
    input.files.map(async (file) => {
      const problem = photoFileProblem({ name: file.fileName, type: file.contentType, size: file.bytes });
      if (problem) throw new AppError("unsupported_media", problem);
      const key = newPhotoKey(input.workspaceId, input.projectId, file.contentType as never);
      const target = await ctx.storage().presignUpload(key, file.contentType, MAX_PHOTO_BYTES);
      return { fileName: file.fileName, key, ...target };
    }),
  );
}
