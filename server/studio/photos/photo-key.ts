import crypto from "node:crypto";
import { extensionFor } from "@/shared/media-types";
import type { PhotoContentType } from "@/shared/photo-rules";

/**
 * Storage keys carry the workspace and project, so confirming an upload can check the
 * key belongs to where the person says it does without any extra table.
 */
export function photoKeyPrefix(workspaceId: string, projectId: string): string {
  return `studio/${workspaceId}/projects/${projectId}/photos/`;
}

export function newPhotoKey(workspaceId: string, projectId: string, contentType: PhotoContentType): string {
  return `${photoKeyPrefix(workspaceId, projectId)}${crypto.randomUUID()}.${extensionFor(contentType)}`;
}
