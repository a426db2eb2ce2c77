import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newBlobKey } from "./keys";
import { blobStoreContract } from "@/test/blob-store-contract";
import { startTestS3, type TestS3 } from "@/test/s3";

let s3: TestS3;
let endpoint: string;
let store: ReturnType<TestS3["storeFor"]>;
const storeFor: TestS3["storeFor"] = (overrides) => s3.storeFor(overrides);
const bucket = "atrium-test";
const bytes = Buffer.from("stored output bytes");

beforeAll(async () => {
  s3 = await startTestS3([bucket, "other-bucket"]);
  endpoint = s3.endpoint;
  store = s3.storeFor();
});

afterAll(async () => {
  await s3?.close();
});

blobStoreContract(
  "S3BlobStore",
  () => store,
  (url) => fetch(url),
);

describe("S3BlobStore", () => {
  it("hands out presigned GET links a client can fetch without credentials", async () => {
    const key = newBlobKey("result", "jpg");
    await store.put(key, bytes, "image/jpeg");
    const url = await store.url(key);
    expect(new URL(url).searchParams.get("X-Amz-Expires")).toBe("3600");
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("caps link lifetime at the SigV4 maximum of a week", async () => {
    const url = await storeFor({ ttlSeconds: 30 * 24 * 3600 }).url(newBlobKey("result", "png"));
    expect(new URL(url).searchParams.get("X-Amz-Expires")).toBe(String(7 * 24 * 3600));
  });

  it("recognises its own valid links and nothing else", async () => {
    const key = newBlobKey("result", "png");
    const url = await store.url(key);
    expect(await store.resolveOwnUrl(url)).toBe(key);

    const tampered = new URL(url);
    tampered.searchParams.set("X-Amz-Expires", "7200");
    const otherKey = url.replace(key, newBlobKey("result", "png"));
    const otherBucket = await storeFor({ bucket: "other-bucket" }).url(key);
    const otherCredentials = await storeFor({ secretAccessKey: "not-the-secret" }).url(key);
    for (const foreign of [
      tampered.toString(),
      otherKey,
      otherBucket,
      otherCredentials,
      `${endpoint}/${bucket}/${key}`,
      "https://example.com/x.png",
      "not a url",
    ]) {
      expect(await store.resolveOwnUrl(foreign)).toBeNull();
    }
  });

  it("accepts an older link still in its lifetime and refuses an expired one", async () => {
    const key = newBlobKey("result", "png");
    const client = new S3Client({
      region: "us-east-1",
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
    const signedAgo = (minutes: number) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), {
        expiresIn: 3600,
        signingDate: new Date(Date.now() - minutes * 60_000),
      });
    expect(await store.resolveOwnUrl(await signedAgo(10))).toBe(key);
    expect(await store.resolveOwnUrl(await signedAgo(61))).toBeNull();
  });

  it("presigns a browser upload form whose policy caps the size and fixes the type and key", async () => {
    const key = newBlobKey("upload", "webp");
    const target = await store.presignUpload(key, "image/webp", 1000);
    // S3 enforces the policy; s3rver stores what it is sent, so the policy is checked here.
    const policy = JSON.parse(Buffer.from(target.fields.Policy, "base64").toString("utf8")) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([["content-length-range", 1, 1000], ["eq", "$Content-Type", "image/webp"], { key }, { bucket }]),
    );
    expect(Date.parse(policy.expiration) - Date.now()).toBeLessThanOrEqual(3600_000);

    const form = new FormData();
    for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
    form.append("file", new Blob([new Uint8Array(bytes)]));
    const response = await fetch(target.url, { method: target.method, body: form });
    expect(response.status).toBe(204);
    expect(await store.get(key)).toEqual({ bytes, contentType: "image/webp" });
  });
});
