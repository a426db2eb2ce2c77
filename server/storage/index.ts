import "server-only";

export { getBlobStore, createBlobStore } from "./get-blob-store";
export { newBlobKey, isBlobKey } from "./keys";
export { LocalBlobStore } from "./local-blob-store";
export { S3BlobStore } from "./s3-blob-store";
export type { BlobStore, StoredBlob, UploadTarget } from "./types";
