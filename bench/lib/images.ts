/**
 * Source photos for the bench: the synthetic room of the image tests (wall, window,
 * planked floor, a dark box on the floor) with fine grain added, so the JPEGs compress
 * like photos rather than flat drawings, and a local HTTP server that hands them to the
 * API (allowed through V1_FETCH_ALLOWLIST).
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { sharp } from "@/server/images/sharp";
import { localRedesignProvider } from "@/server/providers/local/redesign";
import { LIVING_ROOM_STAGING } from "@/test/redesign-params";
import { syntheticRoom } from "@/test/synthetic-room";
import { ROOT } from "./settings";

export interface Size {
  width: number;
  height: number;
}

export const sizeLabel = (size: Size) => `${size.width}×${size.height}`;

export async function benchPhoto(size: Size): Promise<Buffer> {
  const room = await syntheticRoom({ ...size, box: true, format: "png" });
  const grain = await sharp({ create: { ...size, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 12 } } })
    .png()
    .toBuffer();
  return sharp(room)
    .composite([{ input: grain, blend: "soft-light" }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A real photo of the structure check's development set (a hall with a door, a window and a fireplace), scaled to the size as a JPEG. */
export const REAL_PHOTO = "samples/structure-dev-set/decor8-hall.jpg";

export function benchRealPhoto(size: Size): Promise<Buffer> {
  return sharp(fs.readFileSync(path.join(ROOT, REAL_PHOTO)))
    .resize(size.width, size.height, { fit: "fill" })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The local provider's staging of a photo, at a strength that changes most of the room: what the image figures compare the photo with. */
export async function stagedLocally(photo: Buffer): Promise<Buffer> {
  const made = await localRedesignProvider.redesign(
    { bytes: photo, contentType: "image/jpeg" },
    { ...LIVING_ROOM_STAGING, intensity: 0.8 },
  );
  return made.outputs[0].bytes;
}

/** A mask for inpainting: white over the box on the floor, grown by a margin. */
export async function boxMask(size: Size): Promise<Buffer> {
  const { width, height } = size;
  const box = { x: width * 0.42, y: height * 0.7, w: width * 0.2, h: height * 0.16 };
  const grow = Math.max(4, Math.round(width / 100));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#000"/><rect x="${box.x - grow}" y="${box.y - grow}" width="${box.w + 2 * grow}" height="${box.h + 2 * grow}" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export interface ImageServer {
  url(name: string): string;
  close(): Promise<void>;
}

export async function serveImages(port: number, files: Record<string, Buffer>): Promise<ImageServer> {
  const server = http.createServer((req, res) => {
    const body = files[(req.url ?? "/").slice(1)];
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "image/jpeg", "content-length": body.length }).end(body);
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (name) => `${origin}/${name}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
