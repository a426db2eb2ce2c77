import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getBlobStore, newBlobKey } from "@/server/storage";
import { startAppServer, type AppServer } from "@/test/app-server";

// The store's links point at APP_URL, where the app server listens: plain HTTP clients
// download and upload with them, no API key involved.
let app: AppServer;

beforeAll(async () => {
  app = await startAppServer();
});

afterAll(async () => {
  await app?.close();
});

describe("/files over HTTP", () => {
  it("uploads with a presigned PUT and downloads with a signed GET", async () => {
    const store = getBlobStore();
    const key = newBlobKey("upload", "png");
    const body = new Uint8Array(2048).fill(9);
    const target = await store.presignUpload(key, "image/png", 4096);
    const uploaded = await fetch(target.url, { method: target.method, headers: target.headers, body });
    expect(uploaded.status).toBe(200);

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
