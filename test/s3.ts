/**
 * Starts s3rver, a stand-in for the outside S3 service (credentials S3RVER/S3RVER), on
 * 127.0.0.1 for tests. It does not verify SigV4 signatures, so link tampering is tested
 * against resolveOwnUrl only.
 */
import path from "node:path";
import S3rver from "s3rver";
import { env } from "@/env";
import { S3BlobStore, type S3BlobStoreOptions } from "@/server/storage/s3-blob-store";

export type TestS3 = {
  endpoint: string;
  storeFor(overrides?: Partial<S3BlobStoreOptions>): S3BlobStore;
  close(): Promise<void>;
};

export async function startTestS3(buckets: string[]): Promise<TestS3> {
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: path.resolve(env.DATA_DIR, `s3rver-${process.pid}-${Date.now()}`),
    resetOnClose: true,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    storeFor: (overrides = {}) =>
      new S3BlobStore({
        bucket: buckets[0],
        region: "us-east-1",
        endpoint,
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        forcePathStyle: true,
        ttlSeconds: 3600,
        ...overrides,
      }),
    close: () => server.close(),
  };
}
