/**
 * Computes and stores the change map of every finished image output of a generation as
 * soon as the generation settles, so the studio's "Show changes" and the share page's
 * "What changed" read a stored file instead of computing on first view. Best effort: a
 * map that cannot be made now is made on first view, as before.
 */
import "server-only";
import { logError } from "@/server/log";
import type { StudioContext } from "../context";
import { loadGeneration, loadOutputs } from "../generations/records";
import { changeMapOf } from "./change-map-of";

export async function storeChangeMaps(ctx: Pick<StudioContext, "db" | "storage">, generationId: string): Promise<{ stored: number }> {
  const generation = await loadGeneration(ctx, generationId);
  const store = ctx.storage;
  let stored = 0;
  for (const output of await loadOutputs(ctx, generationId)) {
    if (output.status !== "completed") continue;
    try {
      if (await changeMapOf(store, { generation, output })) stored++;
    } catch (error) {
      logError(`[studio] change map of output ${output.id} not stored:`, error);
    }
  }
  return { stored };
}
