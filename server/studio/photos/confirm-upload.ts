import sharp from "sharp";
import { eq } from "drizzle-orm";
import { photos, projects } from "@/db/schema/studio";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";
import { getProject } from "../projects/get-project";
import { photoKeyPrefix } from "./photo-key";
import { isAcceptedPhotoType, MAX_PHOTO_BYTES, type PhotoContentType } from "@/shared/photo-rules";

const FORMAT_TYPES: Record<string, PhotoContentType> = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" };

/**
 * Records an uploaded photo. The object's bytes are checked here, not trusted from the
 * browser: real image format, size limit, and EXIF orientation baked into the pixels
 * (phones store portrait shots sideways with an orientation tag that not every viewer
 * or provider honours). Confirming the same key twice returns the first row.
 */
export async function confirmUpload(
  ctx: StudioContext,
  input: { workspaceId: string; projectId: string; userId: string; key: string; fileName: string },
) {
  const project = await getProject(ctx, input);
  if (!input.key.startsWith(photoKeyPrefix(input.workspaceId, input.projectId))) {
    throw new AppError("forbidden", "This upload does not belong to the project.");
  }
  const [existing] = await ctx.db.select().from(photos).where(eq(photos.storageKey, input.key));
  if (existing) return existing;

  const store = ctx.storage();
  const stored = await store.get(input.key);
  if (!stored) throw new AppError("not_found", "The upload did not reach storage. Try again.");
  const original = stored.bytes;
  if (original.length > MAX_PHOTO_BYTES) {
    await store.delete(input.key);
    throw new AppError("payload_too_large", `${input.fileName} is larger than 25 MB.`);
  }
  const image = await normalizeOrientation(original).catch(() => null);
  if (!image) {
    await store.delete(input.key);
    throw new AppError("unsupported_media", `${input.fileName} is not a JPEG, PNG or WebP image.`);
  }
  if (image.rotated) await store.put(input.key, image.data, image.contentType);

  const [photo] = await ctx.db
    .insert(photos)
    .values({
      workspaceId: input.workspaceId,
      projectId: input.projectId,
      storageKey: input.key,
      fileName: input.fileName.slice(0, 255),
      contentType: image.contentType,
      bytes: image.data.length,
      width: image.width,
      height: image.height,
      uploadedBy: input.userId,
    })
    .returning();
  if (!project.coverPhotoId) {
    await ctx.db.update(projects).set({ coverPhotoId: photo.id, updatedAt: ctx.now() }).where(eq(projects.id, project.id));
  }
  return photo;
}

async function normalizeOrientation(data: Buffer) {
  const meta = await sharp(data).metadata();
  const contentType = FORMAT_TYPES[meta.format ?? ""];
  if (!contentType || !isAcceptedPhotoType(contentType) || !meta.width || !meta.height) throw new Error("unsupported");
  if (!meta.orientation || meta.orientation === 1) {
    return { data, contentType, width: meta.width, height: meta.height, rotated: false };
  }
  const { data: rotated, info } = await sharp(data)
    .rotate()
    .toFormat(meta.format as "jpeg" | "png" | "webp", { quality: 92 })
    .keepIccProfile()
    .toBuffer({ resolveWithObject: true });
  return { data: rotated, contentType, width: info.width, height: info.height, rotated: true };
}
