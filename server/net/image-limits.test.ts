/**
 * Decompression bombs (security finding 6): every image Atrium decodes, on the v1 side
 * and in the studio (upload confirm, mask reading, description downsizing), is held to
 * the one byte and pixel limit from its header, so a 144-megapixel PNG of ~140 KB is
 * refused without being decoded. Speed is shown by the outcome (refused, nothing
 * stored), the timing figures are in reliability/README.md.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { closeDb } from "@/db/client";
import { env } from "@/env";
import { AppError } from "@/server/errors";
import { downsizeForDescription } from "@/server/studio/generations/description/downsize-for-description";
import { readMask } from "@/server/studio/generations/inpaint-upscale/read-mask";
import { getBlobStore } from "@/server/storage";
import { newPerson } from "@/test/callers";
import { pngBomb } from "@/test/images";
import { checkImageSize } from "./image-limits";
import { inspectImage } from "./inspect-image";
import { rejectionOf } from "@/test/rejection";

let bomb: Buffer;
let owner: Awaited<ReturnType<typeof newPerson>>;
let workspaceId: string;
let projectId: string;

const refusal = (promise: Promise<unknown>) => rejectionOf(promise, AppError);

async function confirmStored(bytes: Buffer, fileName: string) {
  const [target] = await owner.api.photos.prepareUploads({
    workspaceId,
    projectId,
    files: [{ fileName, contentType: "image/png", bytes: bytes.length }],
  });
  await getBlobStore().put(target.key, bytes, "image/png");
  const error = await owner.api.photos.confirmUpload({ workspaceId, projectId, key: target.key, fileName }).then(
    () => null,
    (caught: unknown) => caught as { cause?: unknown },
  );
  return { key: target.key, error: error?.cause };
}

beforeAll(async () => {
  bomb = await pngBomb(12_000);
  owner = await newPerson("Bo");
  workspaceId = (await owner.api.workspaces.create({ name: "Bomb Squad Realty" })).id;
  projectId = (
    await owner.api.projects.create({
      workspaceId,
      fields: {
        address: "1 Fuse Lane",
        propertyType: "house",
        listingStatus: "draft",
        listingType: "sale",
        price: null,
        bedrooms: 2,
        bathrooms: 1,
        notes: "",
      },
    })
  ).id;
});
afterAll(closeDb);

describe("a decompression bomb", () => {
  it("is a small, valid PNG that declares far more pixels than the limit", async () => {
    expect(bomb.length).toBeLessThan(1_000_000);
    const meta = await sharp(bomb).metadata();
    expect(meta.width! * meta.height!).toBeGreaterThan(env.V1_SOURCE_MAX_PIXELS);
    // Without a limit libvips would decode it: its own default ceiling is higher.
    expect(meta.width! * meta.height!).toBeLessThan(268_402_689);
  });

  it("is refused by the v1 side's image check", async () => {
    expect((await refusal(inspectImage(bomb))).code).toBe("payload_too_large");
  });

  it("is refused when a mask is read", async () => {
    expect((await refusal(readMask(`data:image/png;base64,${bomb.toString("base64")}`))).code).toBe("payload_too_large");
  });

  it("is refused when a photo is downsized for a description", async () => {
    expect((await refusal(downsizeForDescription(bomb))).code).toBe("payload_too_large");
  });

  it("is refused when an upload is confirmed, and the object is removed", async () => {
    const { key, error } = await confirmStored(bomb, "bomb.png");
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("payload_too_large");
    expect((error as AppError).message).toMatch(/bomb\.png is too large: at most \d+ MB and \d+ megapixels/);
    expect(await getBlobStore().get(key)).toBeNull();
    expect(await owner.api.photos.list({ workspaceId, projectId })).toEqual([]);
  });
});

describe("one limit for everything", () => {
  it("follows V1_SOURCE_MAX_PIXELS and V1_SOURCE_MAX_BYTES in every decoder", async () => {
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const saved = { pixels: env.V1_SOURCE_MAX_PIXELS, bytes: env.V1_SOURCE_MAX_BYTES };
    onTestFinished(() => {
      env.V1_SOURCE_MAX_PIXELS = saved.pixels;
      env.V1_SOURCE_MAX_BYTES = saved.bytes;
    });
    await expect(checkImageSize(photo)).resolves.toMatchObject({ width: 40, height: 30 });
    env.V1_SOURCE_MAX_PIXELS = 40 * 30 - 1;
    // Each call starts only when awaited: a rejection left waiting in an array is unhandled.
    const decoders = [
      () => inspectImage(photo),
      () => readMask(`data:image/png;base64,${photo.toString("base64")}`),
      () => downsizeForDescription(photo),
    ];
    for (const decode of decoders) {
      expect((await refusal(decode())).code).toBe("payload_too_large");
    }
    expect(((await confirmStored(photo, "small.png")).error as AppError).code).toBe("payload_too_large");
    env.V1_SOURCE_MAX_PIXELS = saved.pixels;
    env.V1_SOURCE_MAX_BYTES = photo.length - 1;
    expect((await refusal(checkImageSize(photo))).code).toBe("payload_too_large");
    expect((await refusal(downsizeForDescription(photo))).code).toBe("payload_too_large");
  });
});
