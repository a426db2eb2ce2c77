import { describe, expect, it } from "vitest";
import { getBlobStore, newBlobKey } from "@/server/storage";
import { useAppStack } from "@/test/app-stack";

// The store's links point at APP_URL, where the app server listens: plain HTTP clients
// download and upload with them, no API key involved.
useAppStack();

describe("/files over HTTP", () => {
  it("uploads once with a presigned PUT and downloads with a signed GET", async () => {
    const store = getBlobStore();
    const key = newBlobKey("upload", "png");
    const body = new Uint8Array(2048).fill(9);
    const target = await store.presignUpload(key, "image/png", 4096);
    if (target.method !== "PUT") throw new Error("the local store uploads with PUT");
    const upload = (bytes: Uint8Array<ArrayBuffer>) => fetch(target.url, { method: target.method, headers: target.headers, body: bytes });
    expect((await upload(new Uint8Array(4097))).status).toBe(413);
    expect((await upload(body)).status).toBe(200);
    // The link is single-use: the bytes cannot be swapped after they were checked.
    expect((await upload(new Uint8Array(16).fill(1))).status).toBe(409);

    const url = await store.url(key);
    const downloaded = await fetch(url);
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await downloaded.arrayBuffer())).toEqual(body);

    const forged = new URL(url);
    forged.searchParams.set("sig", "forged");
    expect((await fetch(forged)).status).toBe(404);
  });
});
