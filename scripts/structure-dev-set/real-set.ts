/**
 * The real set of the structure check's development set: real AI staging, declutter and
 * redesign outputs with their source photos, from public repositories, each labelled by
 * looking at it (manifest.json's `realSet`). A repository whose licence allows
 * redistribution has its images stored in samples/structure-dev-set/real/; the others
 * are only named (repository, commit, path) and fetch-real.ts brings their images into
 * the git-ignored FETCHED_DIR.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { sharp } from "@/server/images/sharp";
import type { RedesignType } from "@/shared/vocabulary";

export const MANIFEST = "samples/structure-dev-set/manifest.json";
export const STORED_DIR = "samples/structure-dev-set/real";
export const FETCHED_DIR = ".data/structure-dev-set-real";

/** Both sides of every image as stored: upright, at most this long, JPEG at this quality. */
const LONG_SIDE = 1024;
const JPEG_QUALITY = 88;

export interface Crop {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** One image of a pair: its path in the repository, a region cut out of it (a figure's panel), and its file name here. */
export interface RealImage {
  path: string;
  crop?: Crop;
  file: string;
}

export interface RealRepository {
  /** "github.com/<owner>/<name>". */
  repository: string;
  commit: string;
  licence: string;
  /** stored: its images are in STORED_DIR; fetched: fetch-real.ts brings them into FETCHED_DIR. */
  storage: "stored" | "fetched";
}

export interface RealPair {
  id: string;
  /** A key of `repositories`. */
  from: string;
  source: RealImage;
  output: RealImage;
  roomType: string;
  /** The redesign type the output stands for. */
  type: RedesignType;
  label: "kept" | "changed";
  /** For a changed pair, what of the room changed; for a kept one, what the output did. */
  what: string;
  notes: string;
}

export interface RealSet {
  repositories: Record<string, RealRepository>;
  pairs: RealPair[];
}

export function loadRealSet(): RealSet {
  return (JSON.parse(readFileSync(MANIFEST, "utf8")) as { realSet: RealSet }).realSet;
}

/** Where an image of the set lives on this machine. */
export function imagePath(set: RealSet, pair: RealPair, image: RealImage): string {
  return path.join(set.repositories[pair.from].storage === "stored" ? STORED_DIR : FETCHED_DIR, image.file);
}

export const isPresent = (set: RealSet, pair: RealPair) =>
  existsSync(imagePath(set, pair, pair.source)) && existsSync(imagePath(set, pair, pair.output));

/** An image as the set keeps it: upright, the crop cut out, at most LONG_SIDE px, flattened on white, JPEG. */
export async function preparedImage(bytes: Buffer, crop?: Crop): Promise<Buffer> {
  const upright = sharp(bytes).rotate();
  const cut = crop ? upright.extract(crop) : upright;
  return cut
    .resize({ width: LONG_SIDE, height: LONG_SIDE, fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
}
