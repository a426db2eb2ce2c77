import "server-only";
import type { VerbContext } from "@/server/context";
import { AppError } from "@/server/errors";

/** The keep mask stored with a job or view (D17), or null when it keeps nothing. A mask that was stored and is gone fails the output rather than deliver it without its kept areas. */
export async function readKeepMask(ctx: Pick<VerbContext, "storage">, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  const mask = await ctx.storage.get(key);
  if (!mask) throw new AppError("source_fetch_failed", "The stored keep mask of this photo is missing.");
  return mask.bytes;
}
