/**
 * What every blob store promises (server/storage/types.ts), one suite run against both
 * stores: the local folder (server/storage/local-blob-store.test.ts, links served by the
 * app's /files route) and an S3 bucket (server/storage/s3-blob-store.test.ts, s3rver).
 * Each store's own file keeps what only that store does.
 */
import { describe, expect, it } from "vitest";
import { newBlobKey } from "@/server/storage/keys";
import type { BlobStore } from "@/server/storage/types";

const bytes = Buffer.from("stored output bytes");

/** `store` is read when a test runs (a store made in beforeAll); `fetchLink` GETs one of its links as a browser would. */
export function blobStoreContract(name: string, store: () => BlobStore, fetchLink: (url: string) => Promise<Response>) {
  describe(`${name}: the blob store contract`, () => {
    it("puts, gets and deletes", async () => {
      const key = newBlobKey("result", "png");
      await store().put(key, bytes, "image/png");
      expect(await store().get(key)).toEqual({ bytes, contentType: "image/png" });
      await store().delete(key);
      expect(await store().get(key)).toBeNull();
    });

    it("hands out links anyone can fetch without a key, and knows them as its own", async () => {
      const key = newBlobKey("result", "jpg");
      await store().put(key, bytes, "image/jpeg");
      const url = await store().url(key);
      const response = await fetchLink(url);
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
      expect(await store().resolveOwnUrl(url)).toBe(key);
      for (const foreign of ["https://example.com/x.png", "not a url"]) expect(await store().resolveOwnUrl(foreign)).toBeNull();
    });

    it("deletes every key under a prefix and nothing else", async () => {
      const folder = newBlobKey("a", "png").split("/").slice(0, 2).join("/");
      const inside = [`${folder}/a.png`, `${folder}/b.png`, `${folder}/nested/c.png`];
      const outside = newBlobKey("a", "png");
      for (const key of [...inside, outside]) await store().put(key, bytes, "image/png");
      await store().deletePrefix(`${folder}/`);
      for (const key of inside) expect(await store().get(key)).toBeNull();
      expect(await store().get(outside)).not.toBeNull();
      await expect(store().deletePrefix("")).rejects.toThrow(/Invalid storage prefix/);
    });

    it("refuses keys that leave its own space", async () => {
      for (const key of ["../secrets.json", "outputs/../../secrets.json", "/etc/passwd"]) {
        await expect(store().put(key, bytes, "text/plain")).rejects.toThrow(/Invalid storage key/);
      }
    });
  });
}
