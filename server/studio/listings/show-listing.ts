/**
 * The listing page as the team edits it: the draft's picks in order with their shared
 * numbers, captions, labels, what changed about each since the published version and
 * why any may not be published yet; the draft's description; whether (and where, and
 * as which version) the page is published; and what publishing the draft would change.
 */
import "server-only";
import { and, eq, max } from "drizzle-orm";
import { users } from "@/db/schema/studio";
import { listingVersions } from "@/db/schema/studio-listing-page";
import { derivativeUrls } from "@/server/images/derivatives";
import { describeChanges, listingChanges, NOTHING_PUBLISHED } from "@/shared/listing-changes";
import { versionStamp } from "@/shared/listing-remarks";
import type { StudioContext } from "../context";
import { showShareLink } from "../exports/show-share-link";
import { loadDraft, loadVersionEntries, sideOf } from "./load-listing";
import { publishBlockers } from "./publish-blockers";
import { liveVersion } from "./published-listing";

export async function showListing(ctx: Pick<StudioContext, "db" | "storage">, input: { workspaceId: string; projectId: string }) {
  const link = await showShareLink(ctx, input);
  const [draft, live, [{ last }]] = await Promise.all([
    loadDraft(ctx, input),
    liveVersion(ctx, input),
    ctx.db
      .select({ last: max(listingVersions.number) })
      .from(listingVersions)
      .where(and(eq(listingVersions.workspaceId, input.workspaceId), eq(listingVersions.projectId, input.projectId))),
  ]);
  const shown = live ? sideOf(await loadVersionEntries(ctx, live.id), live.description) : NOTHING_PUBLISHED;
  const changes = listingChanges(shown, sideOf(draft.entries, draft.description));
  const publisher = live?.publishedBy
    ? (await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, live.publishedBy)))[0]
    : undefined;
  const picks = await Promise.all(
    draft.entries.map(async (entry) => ({
      outputId: entry.output.id,
      medium: entry.medium,
      number: entry.number,
      name: entry.name,
      caption: entry.caption,
      label: entry.disclosure.label,
      changes: changes.byPick[entry.output.id] ?? [],
      blockers: publishBlockers(entry),
      thumbUrl:
        entry.medium === "video"
          ? null
          : ((
              await derivativeUrls(ctx.storage, entry.output.storageKey, {
                contentType: entry.output.contentType,
                resized: entry.output.resized,
              })
            )?.thumbUrl ?? (await ctx.storage.url(entry.output.storageKey))),
    })),
  );
  return {
    published: link,
    version: live
      ? {
          number: live.number,
          publishedAt: live.publishedAt,
          stamp: versionStamp(live),
          publishedBy: publisher?.name ?? null,
          results: shown.picks.length,
        }
      : null,
    /** The number the next publish makes. */
    nextVersion: (last ?? 0) + 1,
    description: draft.description,
    fingerprint: draft.fingerprint,
    changes: { count: changes.count, lines: describeChanges(changes) },
    picks,
  };
}

export type ListingView = Awaited<ReturnType<typeof showListing>>;
