/**
 * The listing page as the team edits it: the picked results in order with their shared
 * numbers, captions and labels, the description saved for the page, and whether (and
 * where) the page is published.
 */
import "server-only";
import { eq } from "drizzle-orm";
import { listingPages } from "@/db/schema/studio-listing-page";
import { derivativeUrls } from "@/server/images/derivatives";
import type { StudioContext } from "../context";
import { showShareLink } from "../exports/show-share-link";
import { loadListing } from "./load-listing";

export async function showListing(ctx: Pick<StudioContext, "db" | "storage">, input: { workspaceId: string; projectId: string }) {
  const link = await showShareLink(ctx, input);
  const [listing, [page]] = await Promise.all([
    loadListing(ctx, input),
    ctx.db.select({ description: listingPages.description }).from(listingPages).where(eq(listingPages.projectId, input.projectId)),
  ]);
  return {
    published: link,
    description: page?.description ?? null,
    picks: await Promise.all(
      listing.map(async (entry) => ({
        outputId: entry.output.id,
        medium: entry.medium,
        number: entry.number,
        name: entry.name,
        caption: entry.caption,
        label: entry.disclosure.label,
        thumbUrl:
          entry.medium === "video"
            ? null
            : ((await derivativeUrls(ctx.storage, entry.output.storageKey, { contentType: entry.output.contentType, resized: entry.output.resized }))?.thumbUrl ??
              (await ctx.storage.url(entry.output.storageKey))),
      })),
    ),
  };
}

export type ListingView = Awaited<ReturnType<typeof showListing>>;
