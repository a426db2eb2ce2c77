import "server-only";
import { eq } from "drizzle-orm";
import { photos, projects } from "@/db/schema/studio";
import { uploads } from "@/db/schema/studio-uploads";
import { env } from "@/env";
import { AppError } from "@/server/errors";
import { checkImageSize, limitedSharp } from "@/server/net/image-limits";
import { roomTypeFromPixels } from "@/server/images/analyze";
import { storeDerivatives } from "@/server/images/derivatives";
import { isBlobKey } from "@/server/storage";
import type { StudioContext } from "../context";
import { getProject } from "../projects/get-project";
import { photoKeyFor, uploadKeyPrefix } from "./photo-key";
import { isAcceptedPhotoType, type PhotoContentType } from "@/shared/photo-rules";

const FORMAT_TYPES: Record<string, PhotoContentType> = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" };

/**
 * Records an uploaded photo. The object's bytes are checked here, not trusted from the
 * browser: real image format, the shared byte and pixel limits (image-limits.ts, checked
 * from the header before decoding), and EXIF orientation baked into the pixels
 * (phones store portrait shots sideways with an orientation tag that not every viewer
 * or provider honours). The checked bytes are written to the photo's own key, which no
 * upload link reaches, and the upload is removed: bytes posted again with the link
 * afterwards change nothing. The thumbnail and display copies are made here, once
 * (server/images/derivatives.ts), and so is the room type its pixels plainly show, the
 * whole-listing form's first suggestion. Confirming the same key twice returns the first row.
 */
export async function confirmUpload(
  ctx: StudioContext,
  input: { workspaceId: string; projectId: string; userId: string; key: string; fileName: string },
) {
  const project = await getProject(ctx, input);
  // A key storage would refuse (`..`, empty segments) is a malformed request, not a server fault.
  if (!isBlobKey(input.key)) throw new AppError("invalid_request", "This upload key is not valid.");
  if (!input.key.startsWith(uploadKeyPrefix(input.workspaceId, input.projectId))) {
    throw new AppError("forbidden", "This upload does not belong to the project.");
  }
  const photoKey = photoKeyFor(input.key);
  const [existing] = await ctx.db.select().from(photos).where(eq(photos.storageKey, photoKey));
  if (existing) return existing;

  const store = ctx.storage;
  const stored = await store.get(input.key);
  if (!stored) throw new AppError("not_found", "The upload did not reach storage. Try again.");
  const original = stored.bytes;
  let image: Awaited<ReturnType<typeof normalizeOrientation>>;
  try {
    image = await normalizeOrientation(original);
  } catch (error) {
    await store.delete(input.key);
    if (error instanceof AppError && error.code === "payload_too_large") {
      const mb = Math.floor(env.V1_SOURCE_MAX_BYTES / 1_000_000);
      const mp = Math.floor(env.V1_SOURCE_MAX_PIXELS / 1_000_000);
      throw new AppError("payload_too_large", `${input.fileName} is too large: at most ${mb} MB and ${mp} megapixels.`, {
        details: error.details,
      });
    }
    throw new AppError("unsupported_media", `${input.fileName} is not a JPEG, PNG or WebP image.`);
  }
  await store.put(photoKey, image.data, image.contentType);
  await store.delete(input.key);
  // The page shows these, never the multi-MB original (issue 15, fast pages).
  await storeDerivatives(store, photoKey, image.data);

  const [upload] = await ctx.db.select({ position: uploads.position }).from(uploads).where(eq(uploads.storageKey, input.key));
  const [photo] = await ctx.db
    .insert(photos)
    .values({
      workspaceId: input.workspaceId,
      projectId: input.projectId,
      storageKey: photoKey,
      fileName: input.fileName.slice(0, 255),
      contentType: image.contentType,
      bytes: image.data.length,
      width: image.width,
      height: image.height,
      uploadedBy: input.userId,
      position: upload?.position ?? null,
      suggestedRoomType: await roomTypeFromPixels(image.data),
    })
    .returning();
  if (!project.coverPhotoId) {
    await ctx.db.update(projects).set({ coverPhotoId: photo.id, updatedAt: ctx.now() }).where(eq(projects.id, project.id));
  }
  return photo;
}

async function normalizeOrientation(data: Buffer) {
  const meta = await checkImageSize(data);
  const contentType = FORMAT_TYPES[meta.format ?? ""];
  if (!contentType || !isAcceptedPhotoType(contentType) || !meta.width || !meta.height) throw new Error("unsupported");
  if (!meta.orientation || meta.orientation === 1) {
    return { data, contentType, width: meta.width, height: meta.height };
  }
  const { data: rotated, info } = await limitedSharp(data)
    .rotate()
    .toFormat(meta.format as "jpeg" | "png" | "webp", { quality: 92 })
    .keepIccProfile()
    .toBuffer({ resolveWithObject: true });
  return { data: rotated, contentType, width: info.width, height: info.height };
}
