/**
 * Where Atrium keeps bytes: generated outputs, uploads, videos. Two implementations, a
 * local folder served by app/files and an S3-compatible bucket; callers never know which.
 */

import "server-only";

export type StoredBlob = { bytes: Buffer; contentType: string };

/**
 * What a browser needs to upload straight to storage: a signed PUT (the local store) or an
 * S3 POST form whose `fields` go before the file, in order.
 */
export type UploadTarget = PutTarget | PostTarget;
export type PutTarget = { url: string; method: "PUT"; headers: Record<string, string> };
export type PostTarget = { url: string; method: "POST"; fields: Record<string, string> };

export interface BlobStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredBlob | null>;
  delete(key: string): Promise<void>;
  /** Deletes every key that starts with `prefix` (which must not be empty). */
  deletePrefix(prefix: string): Promise<void>;
  /** A URL anyone can GET without an API key, valid `ttlSeconds` (default V1_OUTPUT_URL_TTL_SECONDS) from now. */
  url(key: string, ttlSeconds?: number): Promise<string>;
  /** The key behind a still-valid URL this store issued, or null when the URL is not ours. */
  resolveOwnUrl(url: string): Promise<string | null>;
  /**
   * A short-lived target a browser can upload one file of `contentType` and at most
   * `maxBytes` to, at `key`; storage itself refuses a larger file. The local store also
   * refuses a second upload with the same link; an S3 form cannot be limited to one use,
   * so callers upload to a key nothing reads and copy what they checked elsewhere
   * (server/studio/photos/confirm-upload.ts).
   */
  presignUpload(key: string, contentType: string, maxBytes: number): Promise<UploadTarget>;
}

/** How long an upload URL stays valid: long enough for a slow connection, no longer. */
export const UPLOAD_URL_TTL_SECONDS = 3600;
