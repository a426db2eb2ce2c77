/**
 * Picks the store from settings: an S3-compatible bucket when S3_BUCKET is set, else the
 * local folder under DATA_DIR. Vercel functions have no lasting disk, so there a bucket
 * is required.
 */
import "server-only";
import path from "node:path";
import { env, type Env } from "@/env";
import { secret } from "@/server/secrets";
import { LocalBlobStore, type LocalBlobStoreOptions } from "./local-blob-store";
import { localStoreOrigin } from "./local-store-origin";
import { S3BlobStore } from "./s3-blob-store";
import type { BlobStore } from "./types";

let cached: BlobStore | undefined;

export function getBlobStore(): BlobStore {
  cached ??= createBlobStore(env);
  return cached;
}

export function createBlobStore(settings: Env): BlobStore {
  if (settings.S3_BUCKET) {
    return new S3BlobStore({
      bucket: settings.S3_BUCKET,
      region: settings.S3_REGION,
      endpoint: settings.S3_ENDPOINT,
      accessKeyId: settings.S3_ACCESS_KEY_ID,
      secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
      forcePathStyle: settings.S3_FORCE_PATH_STYLE,
      ttlSeconds: settings.V1_OUTPUT_URL_TTL_SECONDS,
    });
  }
  if (settings.VERCEL) {
    throw new Error("S3_BUCKET must be set on Vercel: the local file store does not survive between function invocations.");
  }
  return new LocalBlobStore(localStoreOptions(settings));
}

export function localStoreOptions(settings: Env): LocalBlobStoreOptions {
  return {
    root: path.resolve(settings.DATA_DIR, "blobs"),
    origin: localStoreOrigin(settings),
    ttlSeconds: settings.V1_OUTPUT_URL_TTL_SECONDS,
    signingSecret: () => secret("STORAGE_SIGNING_SECRET"),
  };
}
