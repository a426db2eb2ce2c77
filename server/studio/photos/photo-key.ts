import "server-only";
import crypto from "node:crypto";
import { extensionFor } from "@/shared/media-types";
import type { PhotoContentType } from "@/shared/photo-rules";

/**
 * Storage keys carry the workspace and project, so confirming an upload can check the
 * key belongs to where the person says it does without any extra table. A browser
 * uploads under uploads/; confirming writes the checked bytes under photos/ with the
 * same name, a key no upload link reaches (an S3 upload form works until it expires).
 */
export function uploadKeyPrefix(workspaceId: string, projectId: string): string {
  return `studio/${workspaceId}/projects/${projectId}/uploads/`;
}

export function newUploadKey(workspaceId: string, projectId: string, contentType: PhotoContentType): string {
  return `${uploadKeyPrefix(workspaceId, projectId)}${crypto.randomUUID()}.${extensionFor(contentType)}`;
}

/** Where the photo confirmed from `uploadKey` (one of this project's upload keys) is kept. */
export function photoKeyFor(uploadKey: string): string {
  const cut = uploadKey.lastIndexOf("/uploads/");
  return `${uploadKey.slice(0, cut)}/photos/${uploadKey.slice(cut + "/uploads/".length)}`;
}
