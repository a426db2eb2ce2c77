/**
 * The pairs of the structure check's development set (samples/structure-dev-set), each
 * labelled kept or changed, in two parts:
 * - the real set (real-set.ts): real AI outputs of public staging apps with their source
 *   photos;
 * - the drawn set: made-up pairs (recipes.ts) and the local provider's outputs of the
 *   set's nine photos, with the seven real outputs gathered before the real set.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { decodeRgb } from "@/server/images/raw-image";
import { localRedesignProvider } from "@/server/providers/local/redesign";
import type { RedesignType } from "@/shared/vocabulary";
import { toJpeg } from "./draw";
import { imagePath, isPresent, loadRealSet, type RealSet } from "./real-set";
import { RECIPES, type Base } from "./recipes";

export const DIR = "samples/structure-dev-set";

interface Manifest {
  bases: Record<string, Base & { file: string }>;
  real: { source: string; output: string; roomType: string; label: "kept" | "changed"; what: string }[];
  /** The local provider's outputs that changed the room, by id ("<base>/local-<type>"), found by looking at them. */
  localChanges: Record<string, string>;
}

export interface Pair {
  id: string;
  origin: "real set" | "real" | "made-up" | "local provider";
  label: "kept" | "changed";
  what: string;
  source: Buffer;
  output: Buffer;
  roomType: string;
  /** The redesign type the output stands for: the real set's label, the local provider's own, the made-up recipe's, redecorate for the drawn set's real outputs. */
  type: RedesignType;
}

const LOCAL_RUNS: { type: RedesignType; style: string }[] = [
  { type: "staging", style: "modern" },
  { type: "redecorate", style: "bohemian" },
  { type: "render", style: "industrial" },
  { type: "declutter", style: "modern" },
];

/** The real set's pairs whose images are on this machine (the fetched ones only after fetch-real.ts). */
export function* realSetPairs(set: RealSet = loadRealSet()): Generator<Pair> {
  for (const pair of set.pairs.filter((p) => isPresent(set, p))) {
    const read = (image: typeof pair.source) => readFileSync(imagePath(set, pair, image));
    yield {
      id: pair.id,
      origin: "real set",
      label: pair.label,
      what: pair.what,
      source: read(pair.source),
      output: read(pair.output),
      roomType: pair.roomType,
      type: pair.type,
    };
  }
}

export async function* drawnSetPairs(): AsyncGenerator<Pair> {
  const manifest = JSON.parse(readFileSync(path.join(DIR, "manifest.json"), "utf8")) as Manifest;
  for (const real of manifest.real) {
    const source = readFileSync(path.join(DIR, real.source));
    yield {
      id: real.output,
      origin: "real",
      label: real.label,
      what: real.what,
      source,
      output: readFileSync(path.join(DIR, real.output)),
      roomType: real.roomType,
      type: "redecorate",
    };
  }
  for (const [name, base] of Object.entries(manifest.bases)) {
    const source = readFileSync(path.join(DIR, base.file));
    const image = await decodeRgb(source);
    for (const recipe of RECIPES) {
      const made = await recipe.make(image, base);
      if (!made) continue;
      const [pairSource, output] = recipe.reverse ? [await toJpeg(made), source] : [source, await toJpeg(made)];
      yield {
        id: `${name}/${recipe.name}`,
        origin: "made-up",
        label: recipe.label,
        what: recipe.what,
        source: pairSource,
        output,
        roomType: base.roomType,
        type: recipe.type ?? "staging",
      };
    }
    for (const run of LOCAL_RUNS) {
      const params = {
        type: run.type,
        roomType: base.roomType,
        style: run.style,
        color: null,
        intensity: 0.8,
        environment: "interior" as const,
        maskPrompt: null,
        inspiration: null,
        styleReference: null,
        variant: 1,
      };
      // Declutter refuses a photo without clutter on the floor: then there is no output to check.
      const result = await localRedesignProvider.redesign({ bytes: source, contentType: "image/jpeg" }, params).catch(() => null);
      if (!result) continue;
      const id = `${name}/local-${run.type}`;
      const change = manifest.localChanges[id];
      yield {
        id,
        origin: "local provider",
        label: change ? "changed" : "kept",
        what: change ?? `the local provider's ${run.type} (${run.style})`,
        source,
        output: result.outputs[0].bytes,
        roomType: base.roomType,
        type: run.type,
      };
    }
  }
}
