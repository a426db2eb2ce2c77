import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { deleteDerivatives, derivativeKey, storeDerivatives } from "./derivatives";

function memoryStore() {
  const blobs = new Map<string, { bytes: Buffer; contentType: string }>();
  return {
    blobs,
    put: async (key: string, bytes: Buffer, contentType: string) => void blobs.set(key, { bytes, contentType }),
    delete: async (key: string) => void blobs.delete(key),
  };
}

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#b08968" } })
    .jpeg({ quality: 90 })
    .toBuffer();

describe("image derivatives", () => {
  test("a 4032-px photo gets a 480-px thumbnail and a 1600-px display copy in WebP, a fraction of its size", async () => {
    const store = memoryStore();
    const original = await jpeg(4032, 3024);
    await storeDerivatives(store, "photos/w/p/a.jpg", original);
    for (const [size, width] of [
      ["thumb", 480],
      ["display", 1600],
    ] as const) {
      const stored = store.blobs.get(derivativeKey("photos/w/p/a.jpg", size))!;
      expect(stored.contentType).toBe("image/webp");
      const meta = await sharp(stored.bytes).metadata();
      expect(meta).toMatchObject({ format: "webp", width, height: Math.round((width * 3024) / 4032) });
    }
    expect(store.blobs.get(derivativeKey("photos/w/p/a.jpg", "thumb"))!.bytes.length).toBeLessThan(original.length / 10);
  });

  test("a small image is never enlarged, and deleting removes every copy", async () => {
    const store = memoryStore();
    await storeDerivatives(store, "k.png", await jpeg(320, 240));
    expect((await sharp(store.blobs.get("k.png.display.webp")!.bytes).metadata()).width).toBe(320);
    await deleteDerivatives(store, "k.png");
    expect(store.blobs.size).toBe(0);
  });
});
