/**
 * Which version of a project's listing page the world sees: its latest published version
 * while the page has a live link (null when unpublished or never published), and what
 * the remark and the zip show: that version, or, while nothing is published, the team's
 * draft as a preview only the team can reach.
 */
import "server-only";
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { shareLinks } from "@/db/schema/studio-generations";
import { listingVersionItems, listingVersions } from "@/db/schema/studio-listing-page";
import { loadDraft, loadVersionEntries, type ListingEntry } from "./load-listing";

type Scope = { workspaceId: string; projectId: string };

export type ListingVersion = typeof listingVersions.$inferSelect;

export async function liveVersion(ctx: { db: Tx }, scope: Scope): Promise<ListingVersion | null> {
  const [row] = await ctx.db
    .select({ link: { createdAt: shareLinks.createdAt, createdBy: shareLinks.createdBy }, version: listingVersions })
    .from(shareLinks)
    .leftJoin(listingVersions, eq(listingVersions.projectId, shareLinks.projectId))
    .where(and(eq(shareLinks.workspaceId, scope.workspaceId), eq(shareLinks.projectId, scope.projectId), isNull(shareLinks.revokedAt)))
    .orderBy(desc(listingVersions.number))
    .limit(1);
  if (!row) return null;
  return row.version ?? versionLegacyPage(ctx, scope, row.link);
}

/**
 * A page published before versions existed showed the picks live: its draft is what it
 * shows, so that becomes its version 1, published when its link was made, once (the
 * number's uniqueness makes a race harmless).
 */
async function versionLegacyPage(
  ctx: { db: Tx },
  scope: Scope,
  link: { createdAt: Date; createdBy: string | null },
): Promise<ListingVersion> {
  return ctx.db.transaction(async (tx) => {
    const draft = await loadDraft({ db: tx }, scope);
    const [made] = await tx
      .insert(listingVersions)
      .values({ ...scope, number: 1, description: draft.description, publishedAt: link.createdAt, publishedBy: link.createdBy })
      .onConflictDoNothing({ target: [listingVersions.projectId, listingVersions.number] })
      .returning();
    if (made) {
      await insertVersionItems({ db: tx }, made.id, draft.entries);
      return made;
    }
    const [first] = await tx
      .select()
      .from(listingVersions)
      .where(and(eq(listingVersions.projectId, scope.projectId), eq(listingVersions.number, 1)));
    return first;
  });
}

/** A version's results, each with the image it shows now, pinned. */
export async function insertVersionItems(ctx: { db: Tx }, versionId: string, entries: readonly ListingEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await ctx.db.insert(listingVersionItems).values(
    entries.map((entry, position) => ({
      versionId,
      position,
      outputId: entry.output.id,
      caption: entry.caption,
      storageKey: entry.output.storageKey,
      contentType: entry.output.contentType,
      provider: entry.output.provider,
      attempts: entry.output.attempts,
      resized: entry.output.resized,
    })),
  );
}

/**
 * What the remark and the zip show: the published version, or the draft while nothing is
 * published (then `version` is null and they say so).
 */
export async function shownListing(
  ctx: { db: Tx },
  scope: Scope,
): Promise<{ version: ListingVersion | null; entries: ListingEntry[]; description: string | null }> {
  const version = await liveVersion(ctx, scope);
  if (version) return { version, entries: await loadVersionEntries(ctx, version.id), description: version.description };
  const draft = await loadDraft(ctx, scope);
  return { version: null, entries: draft.entries, description: draft.description };
}

/** Which of these stored images a published version shows (so a redo must not delete them). */
export async function imagesOfVersions(ctx: { db: Tx }, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await ctx.db
    .selectDistinct({ key: listingVersionItems.storageKey })
    .from(listingVersionItems)
    .where(inArray(listingVersionItems.storageKey, keys));
  return new Set(rows.map((row) => row.key));
}
