/**
 * The error of a heavy package that could not be loaded. On Vercel each function carries
 * only the heavy parts next.config.mjs gives it (HEAVY_PARTS, docs/deploy.md), so this is
 * what a function that reaches, say, libvips without carrying it reports, instead of
 * "Cannot find module 'sharp-1a2b…'".
 */
import "server-only";

export function notDeployed(part: string, cause: unknown): Error {
  return new Error(
    `${part} could not be loaded in this function. Only the functions next.config.mjs lists in HEAVY_PARTS carry it (docs/deploy.md).`,
    { cause },
  );
}
