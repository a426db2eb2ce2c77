import "server-only";
import os from "node:os";
import sharp from "sharp";

// On glibc sharp may default to one libvips thread (measured 1.9x slower, see
// docs/providers.md), so every image module imports sharp from here.
sharp.concurrency(os.availableParallelism());

export { sharp };
