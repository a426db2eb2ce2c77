/**
 * The project's listing-ready disclosure text (shared/listing-remarks.ts): the MLS remark
 * line and each altered photo's description suffix, for the results of the published
 * version of the listing page (the team's draft while nothing is published), numbered as
 * the page and the zip number them (listings/load-listing.ts), in the listing's language,
 * worded for the workspace's MLS rule set, with the listing page linked and the version
 * named while it is published.
 */
import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { generations } from "@/db/schema/studio-generations";
import { listingRemarks, type ListingRemarks } from "@/shared/listing-remarks";
import type { StudioContext } from "../context";
import type { DescriptionParams } from "../generations/description/description-request";
import { inProject } from "../generations/kept-outputs";
import { shownListing } from "../listings/published-listing";
import { getProject } from "../projects/get-project";
import { showMlsRuleSet } from "../workspaces/show-mls-rule-set";
import { publicShareUrl } from "./share-url";
import { showShareLink } from "./show-share-link";

export async function showListingRemarks(
  ctx: Pick<StudioContext, "db">,
  input: { workspaceId: string; projectId: string; language?: string | null },
): Promise<ListingRemarks & { shareUrl: string | null; version: { number: number; publishedAt: Date } | null }> {
  await getProject(ctx, input);
  const { version, entries: listing } = await shownListing(ctx, input);
  const [link, rules, language] = await Promise.all([
    showShareLink(ctx, input),
    showMlsRuleSet(ctx, input),
    input.language ?? listingLanguage(ctx, input),
  ]);
  const shareUrl = link ? publicShareUrl(link.path) : null;
  const remarks = listingRemarks({
    photos: listing
      .filter((entry) => entry.medium === "photo")
      .map((entry) => ({ number: entry.number, labels: entry.disclosure.label ? [entry.disclosure.label] : [] })),
    language,
    ruleSetId: rules.id,
    shareUrl,
    version,
  });
  return { ...remarks, shareUrl, version: version ? { number: version.number, publishedAt: version.publishedAt } : null };
}

/** The language of the project's latest listing description, the listing's language as far as the studio knows. */
async function listingLanguage(ctx: Pick<StudioContext, "db">, input: { workspaceId: string; projectId: string }): Promise<string | null> {
  const [latest] = await ctx.db
    .select({ params: generations.params })
    .from(generations)
    .where(and(inProject(input), eq(generations.kind, "description")))
    .orderBy(desc(generations.createdAt))
    .limit(1);
  return latest ? ((latest.params as Partial<DescriptionParams>).generation_settings?.language ?? null) : null;
}
