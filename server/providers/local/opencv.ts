/**
 * Lazy, shared load of OpenCV (WASM build from @techstark/opencv-js). Loading costs about
 * 0.1 s to require plus 0.1 s to initialise the runtime (measured 180 ms on the 2-core
 * machine), so it happens once, on first use, never at import time; functions deployed
 * without it (next.config.mjs, HEAVY_PARTS) load this module all the same.
 *
 * The module object is an Emscripten "thenable": awaiting it, importing it or resolving a
 * promise with it loops forever. So it is required (not imported), readiness comes from
 * `onRuntimeInitialized`, and it is handed out inside a holder object.
 */
import "server-only";
import { createRequire } from "node:module";
import { notDeployed } from "@/server/deploy/not-deployed";

// The package's types come from `mirada`; the subset used here is typed loosely on purpose.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OpenCv = any;

let loading: Promise<{ cv: OpenCv }> | null = null;

export function loadOpenCv(): Promise<{ cv: OpenCv }> {
  loading ??= new Promise<{ cv: OpenCv }>((resolve, reject) => {
    try {
      const cv = createRequire(import.meta.url)("@techstark/opencv-js");
      if (typeof cv.Mat === "function") resolve({ cv });
      else cv.onRuntimeInitialized = () => resolve({ cv });
    } catch (error) {
      loading = null;
      reject(notDeployed("OpenCV", error));
    }
  });
  return loading;
}
