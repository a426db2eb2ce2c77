/**
 * One local-provider operation on one photo, in a process of its own so its peak memory
 * can be read (figure 5). Prints one JSON line: the operation's time (module loading
 * excluded, first-use setup such as OpenCV's WASM included), this process's own max RSS
 * and what came out.
 *
 * Usage: node --import tsx bench/children/provider-op.ts <operation> <photo.jpg> [mask.png]
 */
import fs from "node:fs";
import { analyzeImage } from "@/server/images/analyze";
import { sharp } from "@/server/images/sharp";
import { localDescribeProvider } from "@/server/providers/local/describe";
import { localInpaintProvider } from "@/server/providers/local/inpaint";
import { localRedesignProvider } from "@/server/providers/local/redesign";
import { localUpscaleProvider } from "@/server/providers/local/upscale";
import { renderLocalVideo } from "@/server/providers/local/video";
import type { ImageFile, RedesignParams } from "@/server/providers/types";
import type { RedesignType } from "@/shared/vocabulary";
import { UPSCALE_MAX_LONG_SIDE } from "@/server/v1/services/media/upscale";
import { OPERATIONS, type Operation } from "./operations";
import { LIVING_ROOM_STAGING } from "@/test/redesign-params";

const redesign = (type: RedesignType): Omit<RedesignParams, "type"> & { type: RedesignType } => ({
  ...LIVING_ROOM_STAGING,
  type,
  color: type === "color_change" ? "#4a6fa5" : null,
});

async function imageOutput(result: { outputs: ImageFile[] }): Promise<string> {
  const { bytes, contentType } = result.outputs[0];
  const meta = await sharp(bytes).metadata();
  return `${meta.width}×${meta.height} ${contentType.replace("image/", "")}, ${(bytes.length / 1024 / 1024).toFixed(1)} MB`;
}

async function run(operation: Operation, photo: ImageFile, mask: ImageFile | null): Promise<string> {
  switch (operation) {
    case "decode+encode": {
      const bytes = await sharp(photo.bytes).rotate().jpeg({ quality: 90 }).toBuffer();
      return imageOutput({ outputs: [{ bytes, contentType: "image/jpeg" }] });
    }
    case "staging":
    case "color_change":
    case "declutter":
      return imageOutput(await localRedesignProvider.redesign(photo, redesign(operation)));
    case "inpaint remove":
      return imageOutput(
        await localInpaintProvider.inpaint(photo, mask!, {
          inpaintingType: "remove",
          renderType: "interior",
          style: null,
          roomType: null,
          intensity: 0.5,
        }),
      );
    case "upscale":
      return imageOutput(await localUpscaleProvider.upscale(photo, { maxLongSide: UPSCALE_MAX_LONG_SIDE }));
    case "video zoom_in": {
      const video = await renderLocalVideo({ mode: "zoom_in", image: photo.bytes, tail: null, durationSeconds: 5 });
      return `5 s MP4, ${(video.length / 1024 / 1024).toFixed(1)} MB`;
    }
    case "analyze+describe": {
      const analysis = await analyzeImage(photo.bytes, 0);
      const written = await localDescribeProvider.describe({
        images: [photo],
        analysis: [analysis],
        propertyData: { property_type: "apartment", listing_type: "sale", price: 450000 },
        settings: { tone: "professional", length: "medium", language: "en" },
      });
      return `${written.description.split(/\s+/).length} words`;
    }
  }
}

const [operation, photoPath, maskPath] = process.argv.slice(2) as [Operation, string, string?];
if (!OPERATIONS.includes(operation)) throw new Error(`Unknown operation ${operation}`);
const photo = { bytes: fs.readFileSync(photoPath), contentType: "image/jpeg" };
const mask = maskPath ? { bytes: fs.readFileSync(maskPath), contentType: "image/png" } : null;
const start = performance.now();
const output = await run(operation, photo, mask);
const ms = performance.now() - start;
console.log(JSON.stringify({ ms, selfMaxRssBytes: process.resourceUsage().maxRSS * 1024, output }));
