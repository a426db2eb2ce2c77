import "server-only";
import { asc, inArray, lt } from "drizzle-orm";
import { uploads } from "@/db/schema/studio-uploads";
import type { StudioContext } from "../context";

/** How long an upload waits for its confirmation: the link lives an hour; a day is generous. */
export const UPLOAD_CONFIRM_WINDOW_MS = 24 * 3600 * 1000;

/**
 * Removes from storage every upload key handed out more than a day ago, at most `limit`
 * of them, and forgets them. An unconfirmed upload goes; a confirmed one was already
 * copied to its photo key, so only what was posted again to its upload key goes.
 * Run daily by a durable function with a cron trigger
 * (inngest/functions/studio/remove-stale-uploads.ts), in batches of `limit`.
 */
export async function removeStaleUploads(ctx: Pick<StudioContext, "db" | "now" | "storage">, limit = 50): Promise<number> {
  const stale = await ctx.db
    .select({ key: uploads.storageKey })
    .from(uploads)
    .where(lt(uploads.createdAt, new Date(ctx.now().getTime() - UPLOAD_CONFIRM_WINDOW_MS)))
    .orderBy(asc(uploads.createdAt))
    .limit(limit);
  if (stale.length === 0) return 0;
  const store = ctx.storage;
  // Objects first: a failure leaves the rows, and the next sweep tries again.
  for (const { key } of stale) await store.delete(key);
  await ctx.db.delete(uploads).where(
    inArray(
      uploads.storageKey,
      stale.map(({ key }) => key),
    ),
  );
  return stale.length;
}
