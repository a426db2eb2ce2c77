import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { env } from "@/env";
import { AppError } from "@/server/errors";
import { getBlobStore, newBlobKey } from "@/server/storage";
import { localStoreOptions } from "@/server/storage/get-blob-store";
import { LocalBlobStore } from "@/server/storage/local-blob-store";
import { startTestS3, type TestS3 } from "@/test/s3";
import { readImageUrl } from "./read-image";
import { startCountingServer, type CountingServer } from "@/test/counting-server";
import { rejectionOf } from "@/test/rejection";

// Neither the app origin (APP_URL on 127.0.0.1) nor s3rver is allowlisted, so an own
// URL that were fetched over HTTP would be refused: success proves it came from storage.
let s3: TestS3;
let server: CountingServer;
let png: Buffer;

const refusal = (promise: Promise<unknown>) => rejectionOf(promise, AppError);

beforeAll(async () => {
  s3 = await startTestS3(["read-image"]);
  server = await startCountingServer();
  png = await sharp({ create: { width: 12, height: 8, channels: 3, background: "#123" } })
    .png()
    .toBuffer();
  server.route("/image.png", (_, res) => res.writeHead(200).end(png));
});

afterAll(async () => {
  await Promise.all([s3?.close(), server?.close()]);
});

beforeEach(() => {
  env.V1_FETCH_ALLOWLIST = [];
});

describe("readImageUrl", () => {
  it("reads the local store's own links from disk", async () => {
    const store = getBlobStore();
    const key = newBlobKey("result", "png");
    await store.put(key, png, "image/png");
    const image = await readImageUrl(store, await store.url(key));
    expect(image).toMatchObject({ contentType: "image/png", width: 12, height: 8 });
    expect(image.bytes.equals(png)).toBe(true);
  });

  it("reads the bucket's own links through the S3 API", async () => {
    const store = s3.storeFor();
    const key = newBlobKey("result", "png");
    await store.put(key, png, "image/png");
    const image = await readImageUrl(store, await store.url(key));
    expect(image).toMatchObject({ contentType: "image/png", width: 12, height: 8 });
  });

  it("applies the image checks to stored files too", async () => {
    const store = getBlobStore();
    const key = newBlobKey("upload", "png");
    await store.put(key, Buffer.from("<html>not an image</html>"), "image/png");
    expect((await refusal(readImageUrl(store, await store.url(key)))).code).toBe("unsupported_media");
    const big = newBlobKey("upload", "png");
    await store.put(big, png, "image/png");
    expect((await refusal(readImageUrl(store, await store.url(big), { maxBytes: png.length - 1 }))).code).toBe("payload_too_large");
    expect((await refusal(readImageUrl(store, await store.url(big), { maxPixels: 95 }))).code).toBe("payload_too_large");
  });

  it("treats an expired own link like any other URL, so the fetch guard refuses it", async () => {
    const key = newBlobKey("result", "png");
    await getBlobStore().put(key, png, "image/png");
    const past = new LocalBlobStore({ ...localStoreOptions(env), now: () => Date.now() - 2 * env.V1_OUTPUT_URL_TTL_SECONDS * 1000 });
    expect((await refusal(readImageUrl(getBlobStore(), await past.url(key)))).code).toBe("source_fetch_failed");
  });

  it("fetches other URLs through the guarded fetcher", async () => {
    const url = `http://127.0.0.1:${server.port}/image.png`;
    expect((await refusal(readImageUrl(getBlobStore(), url))).code).toBe("source_fetch_failed");
    expect(server.connections).toBe(0);
    env.V1_FETCH_ALLOWLIST = [`127.0.0.1:${server.port}`];
    await expect(readImageUrl(getBlobStore(), url)).resolves.toMatchObject({ contentType: "image/png", width: 12 });
  });
});
