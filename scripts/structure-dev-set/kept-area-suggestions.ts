/**
 * `npm run kept-area-suggestions`: the suggested kept areas (server/images/kept-area-suggestions.ts)
 * measured on the real development set's photos whose windows and doors were outlined by
 * hand (kept-areas.json beside the set's manifest): the share of the window and door area
 * the suggestions cover, and the share of the suggested area that is not a window or a
 * door (a built-in suggested is counted there too: it is not what the outlines hold). Areas
 * are compared as rasterised polygons at 400 px across. Prints one line per photo, then
 * the totals (and how many windows and doors are at least half covered), by kind of
 * suggestion.
 * Options: --draw <dir> writes each photo with its outlines (green: by hand) and the
 * suggestions (blue: window, orange: door, purple: built-in) to look at.
 */
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { suggestKeptAreas, type SuggestedArea } from "@/server/images/kept-area-suggestions";
import { sharp } from "@/server/images/sharp";
import type { FramePoint } from "@/shared/kept-areas";
import { imagePath, loadRealSet } from "./real-set";

export const OUTLINES = "samples/structure-dev-set/kept-areas.json";
const RASTER_WIDTH = 400;
/** A window or door is found when suggestions cover at least this share of it. */
const FOUND = 0.5;

interface Outlined {
  file: string;
  areas: { kind: "window" | "door"; polygon: FramePoint[] }[];
}

const COLOURS: Record<SuggestedArea["kind"], string> = { window: "#2563eb", door: "#ea580c", built_in: "#9333ea" };

function svgOf(width: number, height: number, shapes: { polygon: FramePoint[]; fill: string; stroke?: string }[]): Buffer {
  const body = shapes
    .map(
      (s) =>
        `<polygon points="${s.polygon.map(([x, y]) => `${x * width},${y * height}`).join(" ")}" fill="${s.fill}" ${s.stroke ? `stroke="${s.stroke}" stroke-width="3"` : ""}/>`,
    )
    .join("");
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#000"/>${body}</svg>`,
  );
}

/** 1 inside any of the polygons, at width × height. */
async function raster(polygons: FramePoint[][], width: number, height: number): Promise<Uint8Array> {
  const data = await sharp(
    svgOf(
      width,
      height,
      polygons.map((polygon) => ({ polygon, fill: "#fff" })),
    ),
  )
    .extractChannel(0)
    .raw()
    .toBuffer();
  return Uint8Array.from(data, (v) => (v >= 128 ? 1 : 0));
}

const count = (map: Uint8Array) => map.reduce((sum, v) => sum + v, 0);

async function main() {
  const { values } = parseArgs({ options: { draw: { type: "string" } } });
  const set = loadRealSet();
  const outlined = (JSON.parse(readFileSync(OUTLINES, "utf8")) as { photos: Outlined[] }).photos;
  if (values.draw) mkdirSync(values.draw, { recursive: true });
  const totals = {
    truth: 0,
    covered: 0,
    suggested: 0,
    outside: 0,
    byKind: { window: [0, 0], door: [0, 0], built_in: [0, 0] } as Record<SuggestedArea["kind"], [number, number]>,
  };
  let photos = 0,
    suggestions = 0,
    found = 0;
  for (const photo of outlined) {
    const pair = set.pairs.find((p) => p.source.file === photo.file);
    if (!pair) throw new Error(`${photo.file} is not a source photo of the real set`);
    const bytes = readFileSync(imagePath(set, pair, pair.source));
    const suggested = await suggestKeptAreas(bytes);
    const meta = await sharp(bytes).metadata();
    const height = Math.round((RASTER_WIDTH * meta.autoOrient.height) / meta.autoOrient.width);
    const truth = await raster(
      photo.areas.map((a) => a.polygon),
      RASTER_WIDTH,
      height,
    );
    const all = await raster(
      suggested.map((s) => s.polygon),
      RASTER_WIDTH,
      height,
    );
    let covered = 0,
      outside = 0;
    for (let p = 0; p < truth.length; p++) {
      if (truth[p] && all[p]) covered++;
      if (all[p] && !truth[p]) outside++;
    }
    for (const kind of ["window", "door", "built_in"] as const) {
      const mine = await raster(
        suggested.filter((s) => s.kind === kind).map((s) => s.polygon),
        RASTER_WIDTH,
        height,
      );
      let on = 0,
        off = 0;
      for (let p = 0; p < mine.length; p++) {
        if (!mine[p]) continue;
        if (truth[p]) on++;
        else off++;
      }
      totals.byKind[kind][0] += on;
      totals.byKind[kind][1] += off;
    }
    for (const outline of photo.areas) {
      const one = await raster([outline.polygon], RASTER_WIDTH, height);
      let inside = 0;
      for (let p = 0; p < one.length; p++) if (one[p] && all[p]) inside++;
      if (inside >= FOUND * count(one)) found++;
    }
    const [t, s] = [count(truth), count(all)];
    totals.truth += t;
    totals.covered += covered;
    totals.suggested += s;
    totals.outside += outside;
    photos++;
    suggestions += suggested.length;
    const pct = (a: number, b: number) => (b ? `${Math.round((a / b) * 100)} %` : "–");
    console.log(
      `${photo.file.padEnd(34)} ${String(photo.areas.length).padStart(2)} outlined, ${String(suggested.length).padStart(2)} suggested (${suggested.map((x) => x.kind).join(", ") || "none"}): covers ${pct(covered, t).padStart(5)}, not a window or door ${pct(outside, s).padStart(5)}`,
    );
    if (values.draw) {
      const upright = await sharp(bytes)
        .rotate()
        .resize(RASTER_WIDTH * 2)
        .toBuffer();
      const [w, h] = [RASTER_WIDTH * 2, height * 2];
      const overlay = Buffer.from(
        svgOf(w, h, [
          ...photo.areas.map((a) => ({ polygon: a.polygon, fill: "none", stroke: "#16a34a" })),
          ...suggested.map((a) => ({ polygon: a.polygon, fill: `${COLOURS[a.kind]}55`, stroke: COLOURS[a.kind] })),
        ])
          .toString()
          .replace('<rect width="100%" height="100%" fill="#000"/>', ""),
      );
      await sharp(upright)
        .composite([{ input: overlay }])
        .png()
        .toFile(path.join(values.draw, photo.file.replace(/\.jpg$/, ".png")));
    }
  }
  const share = (a: number, b: number) => `${((a / b) * 100).toFixed(0)} %`;
  console.log(
    `\n${photos} photos, ${outlined.reduce((n, p) => n + p.areas.length, 0)} windows and doors outlined, ${suggestions} suggestions`,
  );
  console.log(
    `window and door area covered by the suggestions: ${share(totals.covered, totals.truth)}; windows and doors at least half covered: ${found}`,
  );
  console.log(`suggested area that is not a window or a door: ${share(totals.outside, totals.suggested)}`);
  for (const [kind, [on, off]] of Object.entries(totals.byKind))
    if (on + off)
      console.log(
        `  suggested as ${kind}: ${share(on + off, totals.suggested)} of the suggested area, ${share(off, on + off)} of it not a window or door`,
      );
}

await main();
