/**
 * Where a hosted provider fetches our larger input files from when our storage can
 * serve them itself: with an S3-compatible bucket, a copy of the prepared image under an
 * unguessable key, passed as the store's presigned GET URL and deleted once the
 * prediction has ended. Copies live under `provider-inputs/`, so a bucket lifecycle rule
 * can expire the few a crash leaves behind (docs/deploy.md). Without one (the local folder is not reachable from outside),
 * adapters upload to the provider instead (Replicate's Files API).
 */
import "server-only";
import type { BlobStore } from "@/server/storage";
import { newBlobKey } from "@/server/storage";
import type { ImageFile } from "../types";

export interface PublishedInput {
  url: string;
  /** Removes the copy; called once the provider no longer needs it. */
  release(): Promise<void>;
}

export interface InputHost {
  publish(file: ImageFile): Promise<PublishedInput>;
}

export function storageInputHost(store: BlobStore): InputHost {
  return {
    async publish(file) {
      const key = newBlobKey("provider-input", file.contentType === "image/png" ? "png" : "jpg", "provider-inputs");
      await store.put(key, file.bytes, file.contentType);
      return { url: await store.url(key), release: () => store.delete(key) };
    },
  };
}
