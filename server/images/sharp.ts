/**
 * The one door to sharp (libvips) for server code. It is loaded on first use, never at
 * import: most functions are deployed without libvips (next.config.mjs, HEAVY_PARTS) and
 * must still load the modules that mention images without decoding one. Types come from
 * here too, so no other module imports the package (eslint.config.mjs).
 */
import "server-only";
import { createRequire } from "node:module";
import os from "node:os";
import type { SharpConstructor, Sharp, SharpInput, SharpOptions } from "sharp";
import { notDeployed } from "@/server/deploy/not-deployed";

export type { Metadata, OverlayOptions, Sharp, SharpOptions } from "sharp";

let loaded: SharpConstructor | null = null;

function load(): SharpConstructor {
  if (!loaded) {
    try {
      // A literal require of the package: Next traces it, and Turbopack loads it only when this line runs.
      loaded = createRequire(import.meta.url)("sharp") as SharpConstructor;
    } catch (error) {
      throw notDeployed("sharp (libvips)", error);
    }
    // On glibc sharp may default to one libvips thread (measured 1.9x slower on 2 cores),
    // so it is told the real core count once.
    loaded.concurrency(os.availableParallelism());
  }
  return loaded;
}

/** sharp's own call signatures, forwarded with the caller's arguments as they are. */
export function sharp(options?: SharpOptions): Sharp;
export function sharp(input?: SharpInput | SharpInput[], options?: SharpOptions): Sharp;
export function sharp(...args: [(SharpInput | SharpInput[] | SharpOptions)?, SharpOptions?]): Sharp {
  return (load() as (...forwarded: typeof args) => Sharp)(...args);
}
