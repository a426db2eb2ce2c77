/**
 * Ids of whole-listing staging, all derived from the action's request id: a repeated
 * start finds the same batch, and each photo's staging generation (and so its v1
 * Idempotency-Key, `studio-<generation id>`) is the same however often it is started.
 */
import "server-only";
import { derivedUuid, generationIdFor } from "../generations/start-once";

export function batchIdFor(workspaceId: string, requestId: string): string {
  return derivedUuid(`batch:${workspaceId}:${requestId}`);
}

/** The request id of one photo's staging inside the batch. */
export function photoRequestId(batch: { requestId: string }, photoId: string): string {
  return `batch:${batch.requestId}:${photoId}`;
}

export function photoGenerationId(batch: { workspaceId: string; requestId: string }, photoId: string): string {
  return generationIdFor(batch.workspaceId, photoRequestId(batch, photoId));
}
