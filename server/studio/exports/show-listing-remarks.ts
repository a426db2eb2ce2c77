/**
 * The project's listing-ready disclosure text (shared/listing-remarks.ts): the MLS remark
 * line and each altered photo's description suffix, from the finished outputs made from
 * each photo (numbered as the photos are listed), in the listing's language, worded for
 * the workspace's MLS rule set, with the share page linked when the project has one.
 */
import "server-only";
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { photos } from "@/db/schema/studio";
import { generationOutputs, generations } from "@/db/schema/studio-generations";
import type { DisclosureLabel } from "@/shared/disclosure";
import { ALTERED_ROLES } from "@/shared/vocabulary";
import { listingRemarks, type ListingRemarks } from "@/shared/listing-remarks";
import type { StudioContext } from "../context";
import type { DescriptionParams } from "../generations/description/description-request";
import { inProject, keptOutputs } from "../generations/kept-outputs";
import { outputDisclosure } from "../generations/output-disclosure";
import { getProject } from "../projects/get-project";
import { showMlsRuleSet } from "../workspaces/show-mls-rule-set";
import { publicShareUrl } from "./share-url";
import { showShareLink } from "./show-share-link";

export async function showListingRemarks(
  ctx: Pick<StudioContext, "db">,
  input: { workspaceId: string; projectId: string; language?: string | null },
): Promise<ListingRemarks & { shareUrl: string | null }> {
  await getProject(ctx, input);
  const listed = await ctx.db
    .select({ id: photos.id, storageKey: photos.storageKey })
    .from(photos)
    .where(and(eq(photos.workspaceId, input.workspaceId), eq(photos.projectId, input.projectId), isNull(photos.deletedAt)))
    .orderBy(asc(photos.createdAt));
  const rows = await keptOutputs(ctx, input, ALTERED_ROLES, eq(generationOutputs.status, "completed"));
  // An output belongs to the photo it was made from (multi-view views each to their own).
  const labels = new Map<string, Set<DisclosureLabel>>();
  for (const { output, kind, params } of rows) {
    if (!output.sourceKey) continue;
    const siblings = rows.filter((row) => row.output.generationId === output.generationId).map((row) => row.output);
    const label = outputDisclosure({ kind, params }, output, siblings).label;
    if (label) labels.set(output.sourceKey, (labels.get(output.sourceKey) ?? new Set()).add(label));
  }

  const [link, rules, language] = await Promise.all([showShareLink(ctx, input), showMlsRuleSet(ctx, input), input.language ?? listingLanguage(ctx, input)]);
  const shareUrl = link ? publicShareUrl(link.path) : null;
  const remarks = listingRemarks({
    photos: listed.map((photo, index) => ({ number: index + 1, labels: [...(labels.get(photo.storageKey) ?? [])] })),
    language,
    ruleSetId: rules.id,
    shareUrl,
  });
  return { ...remarks, shareUrl };
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
