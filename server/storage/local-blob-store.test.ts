import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GET, PUT } from "@/app/files/[...key]/route";
import { env } from "@/env";
import { createBlobStore, getBlobStore, localStoreOptions } from "./get-blob-store";
import { newBlobKey } from "./keys";
import { LocalBlobStore } from "./local-blob-store";
import { blobStoreContract } from "@/test/blob-store-contract";

const store = getBlobStore() as LocalBlobStore;
const origin = new URL(localStoreOptions(env).origin).origin;
const bytes = Buffer.from("not really a png, but bytes are bytes");

/** Calls the route the way Next does: the URL's path segments, decoded, as params. */
function call(handler: typeof GET, url: string, init?: RequestInit): Promise<Response> {
  const segments = new URL(url).pathname.split("/").slice(2).map(decodeURIComponent);
  return handler(new Request(url, init), { params: Promise.resolve({ key: segments }) });
}

blobStoreContract(
  "LocalBlobStore",
  () => store,
  (url) => call(GET, url),
);

describe("keys", () => {
  it("are unguessable and shaped outputs/<32 hex>/<kind>.<ext>", () => {
    const key = newBlobKey("result", "png");
    expect(key).toMatch(/^outputs\/[0-9a-f]{32}\/result\.png$/);
    expect(newBlobKey("result", "png")).not.toBe(key);
  });
});

describe("LocalBlobStore", () => {
  it("is the default store and keeps files under DATA_DIR/blobs", async () => {
    expect(store).toBeInstanceOf(LocalBlobStore);
    const key = newBlobKey("result", "png");
    await store.put(key, bytes, "image/png");
    expect(fs.existsSync(path.resolve(env.DATA_DIR, "blobs", key))).toBe(true);
    expect(await store.get(key)).toEqual({ bytes, contentType: "image/png" });
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
  });

  it("serves a signed URL through the route without an API key", async () => {
    const key = newBlobKey("result", "webp");
    await store.put(key, bytes, "image/webp");
    const url = await store.url(key);
    expect(url.startsWith(`${origin}/files/${key}?`)).toBe(true);
    const response = await call(GET, url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toMatch(/^private/);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    expect(await store.resolveOwnUrl(url)).toBe(key);
  });

  it("answers 404 alike for tampered, expired, foreign-key and missing files", async () => {
    const key = newBlobKey("result", "png");
    const other = newBlobKey("result", "png");
    await store.put(key, bytes, "image/png");
    await store.put(other, bytes, "image/png");
    const good = new URL(await store.url(key));

    const badSig = new URL(good);
    badSig.searchParams.set(
      "sig",
      good.searchParams.get("sig")!.replace(/^./, (c) => (c === "A" ? "B" : "A")),
    );
    const longer = new URL(good);
    longer.searchParams.set("exp", String(Number(good.searchParams.get("exp")) + 1));
    const otherKey = new URL(good.toString().replace(key, other));
    const unsigned = new URL(good.origin + good.pathname);
    const past = new LocalBlobStore({ ...localStoreOptions(env), now: () => Date.now() - 2 * env.V1_OUTPUT_URL_TTL_SECONDS * 1000 });
    const expired = new URL(await past.url(key));
    const missingKey = newBlobKey("result", "png");
    const missing = new URL(await store.url(missingKey));

    for (const url of [badSig, longer, otherKey, unsigned, expired, missing]) {
      const response = await call(GET, url.toString());
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("Not found.");
    }
    for (const url of [badSig, longer, otherKey, unsigned, expired]) expect(await store.resolveOwnUrl(url.toString())).toBeNull();
    expect(await store.resolveOwnUrl(good.toString().replace(origin, "http://example.com"))).toBeNull();
  });

  it("refuses path traversal in keys and in the route", async () => {
    for (const key of ["../secrets.json", "outputs/../../secrets.json", "/etc/passwd", "a//b", ".types/x", "a/./b"]) {
      await expect(store.put(key, bytes, "text/plain")).rejects.toThrow(/Invalid storage key/);
      await expect(store.url(key)).rejects.toThrow(/Invalid storage key/);
      expect(store.verify("GET", key, new URLSearchParams())).toBeNull();
    }
    const traversal = await call(GET, `${origin}/files/..%2Fsecrets.json?exp=9999999999&sig=x`);
    expect(traversal.status).toBe(404);
    const dotted = await GET(new Request(`${origin}/files/x`), { params: Promise.resolve({ key: ["..", "secrets.json"] }) });
    expect(dotted.status).toBe(404);
  });

  it("accepts a size-limited signed upload with PUT", async () => {
    const key = newBlobKey("upload", "jpg");
    const target = await store.presignUpload(key, "image/jpeg", 100);
    expect(target.method).toBe("PUT");
    // With its length, as a browser sends a file.
    const put = (body: Buffer, headers: Record<string, string> = target.headers) =>
      call(PUT, target.url, { method: "PUT", headers: { ...headers, "content-length": String(body.length) }, body: new Uint8Array(body) });

    expect((await put(Buffer.alloc(101))).status).toBe(413);
    // Without a length the limit is found while reading (and the link is spent: see below).
    const other = await store.presignUpload(newBlobKey("upload", "jpg"), "image/jpeg", 100);
    const chunked = await call(PUT, other.url, {
      method: "PUT",
      headers: other.headers,
      body: new ReadableStream({ pull: (c) => (c.enqueue(new Uint8Array(60)), undefined) }),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(await store.get(key)).toBeNull();
    expect((await put(Buffer.alloc(10), { "Content-Type": "text/html" })).status).toBe(400);
    expect((await call(PUT, await store.url(key), { method: "PUT", headers: target.headers, body: new Uint8Array(bytes) })).status).toBe(
      404,
    );

    expect((await put(Buffer.alloc(100, 1))).status).toBe(200);
    expect(await store.get(key)).toEqual({ bytes: Buffer.alloc(100, 1), contentType: "image/jpeg" });
  });

  it("takes one upload per link: a second is refused, also after the upload was moved away; one refused from its length alone can be retried", async () => {
    const key = newBlobKey("upload", "jpg");
    const target = await store.presignUpload(key, "image/jpeg", 100);
    const put = (body: Buffer) =>
      call(PUT, target.url, {
        method: "PUT",
        headers: { ...target.headers, "content-length": String(body.length) },
        body: new Uint8Array(body),
      });

    expect((await put(Buffer.alloc(101))).status).toBe(413);
    expect((await put(Buffer.alloc(50, 1))).status).toBe(200);
    expect((await put(Buffer.alloc(50, 2))).status).toBe(409);
    expect(await store.get(key)).toEqual({ bytes: Buffer.alloc(50, 1), contentType: "image/jpeg" });
    // What confirming an upload does once it has copied the checked bytes elsewhere.
    await store.delete(key);
    expect((await put(Buffer.alloc(50, 3))).status).toBe(409);
    expect(await store.get(key)).toBeNull();
  });

  it("spends the link on a body that streams past the limit, so it cannot be sent again and again", async () => {
    const key = newBlobKey("upload", "jpg");
    const target = await store.presignUpload(key, "image/jpeg", 100);
    // No Content-Length: the limit is found while reading.
    const streamed = (size: number) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array(size));
          controller.close();
        },
      });
    const put = (size: number) =>
      call(PUT, target.url, { method: "PUT", headers: target.headers, body: streamed(size), duplex: "half" } as RequestInit);
    expect((await put(101)).status).toBe(413);
    expect((await put(101)).status).toBe(409);
    expect((await put(50)).status).toBe(409);
    expect(await store.get(key)).toBeNull();
  });

  it("refuses to run on Vercel without a bucket", () => {
    expect(() => createBlobStore({ ...env, VERCEL: true, S3_BUCKET: undefined })).toThrow(/S3_BUCKET/);
  });
});
