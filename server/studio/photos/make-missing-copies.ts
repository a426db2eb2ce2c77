/**
 * Thumbnail and display copies for a project's photos and outputs stored before copies
 * were made (`resized` false), so old projects load as fast as new ones. Pages ask for
 * this on their first load of such a project (requestMissingCopies) and show the
 * originals meanwhile; the durable function (inngest/functions/studio/make-missing-copies.ts)
 * calls makeMissingCopies in small batches until none is left.
 */
import "server-only";
import { and, eq, exists, isNotNull, like, sql } from "drizzle-orm";
import { copiesRequested } from "@/inngest/studio-events";
import { photos } from "@/db/schema/studio";
import { generationOutputs, generations } from "@/db/schema/studio-generations";
import { storeDerivatives } from "@/server/images/derivatives";
import { safeLogger } from "@/server/log";
import type { StudioContext } from "../context";

type Project = { workspaceId: string; projectId: string };

const unresizedPhotos = (input: Project) =>
  and(eq(photos.workspaceId, input.workspaceId), eq(photos.projectId, input.projectId), eq(photos.resized, false));
const unresizedOutputs = (ctx: Pick<StudioContext, "db">, input: Project) =>
  and(
    eq(generationOutputs.workspaceId, input.workspaceId),
    eq(generationOutputs.resized, false),
    isNotNull(generationOutputs.storageKey),
    like(generationOutputs.contentType, "image/%"),
    exists(
      ctx.db
        .select({ id: generations.id })
        .from(generations)
        .where(and(eq(generations.id, generationOutputs.generationId), eq(generations.projectId, input.projectId))),
    ),
  );

/** Asks for the project's missing copies when it has any (one query); a no-op otherwise. */
export async function requestMissingCopies(ctx: Pick<StudioContext, "db" | "now" | "events">, input: Project): Promise<boolean> {
  const [row] = await ctx.db.execute<{ missing: boolean }>(
    sql`select exists (${ctx.db.select({ id: photos.id }).from(photos).where(unresizedPhotos(input))}) or exists (${ctx.db
      .select({ id: generationOutputs.id })
      .from(generationOutputs)
      .where(unresizedOutputs(ctx, input))}) as missing`,
  );
  if (!row?.missing) return false;
  // One request per project and minute: every page load until the copies exist would ask again.
  const minute = Math.floor(ctx.now().getTime() / 60_000);
  await ctx.events.send(copiesRequested.create(input, { id: `copies-${input.projectId}-${minute}` }));
  return true;
}

/**
 * Makes the copies of up to `limit` images of the project that have none and marks them
 * resized. An image whose original is gone or unreadable is marked too: there is nothing
 * to copy, and the page keeps showing what it can.
 */
export async function makeMissingCopies(
  ctx: StudioContext,
  input: Project & { limit: number },
): Promise<{ made: number; maybeMore: boolean }> {
  const store = ctx.storage;
  const copy = async (key: string) => {
    const original = await store.get(key);
    if (!original) return;
    await storeDerivatives(store, key, original.bytes).catch((error: unknown) =>
      safeLogger.warn("copies: could not resize", { key, error: String(error) }),
    );
  };
  const photoRows = await ctx.db
    .select({ id: photos.id, key: photos.storageKey })
    .from(photos)
    .where(unresizedPhotos(input))
    .limit(input.limit);
  for (const row of photoRows) {
    await copy(row.key);
    await ctx.db.update(photos).set({ resized: true }).where(eq(photos.id, row.id));
  }
  const outputRows = await ctx.db
    .select({ id: generationOutputs.id, key: generationOutputs.storageKey })
    .from(generationOutputs)
    .where(unresizedOutputs(ctx, input))
    .limit(Math.max(0, input.limit - photoRows.length));
  for (const row of outputRows) {
    await copy(row.key!);
    await ctx.db.update(generationOutputs).set({ resized: true }).where(eq(generationOutputs.id, row.id));
  }
  const made = photoRows.length + outputRows.length;
  return { made, maybeMore: made >= input.limit };
}
