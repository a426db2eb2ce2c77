/**
 * What the public listing page shows: its published version (brokerage, the agent who
 * first published the page, the property's public facts, the version's description and
 * results in their order, each with the image pinned at publishing), numbered as the MLS remark
 * numbers them (shared/listing-numbering.ts), each altered image beside the unaltered
 * photo it was made from with its disclosure label, and which version it is. The team's
 * draft, notes, unpicked results and members other than the publishing agent are never
 * exposed.
 */
import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { projects, users, workspaces } from "@/db/schema/studio";
import { shareLinks } from "@/db/schema/studio-generations";
import { AppError } from "@/server/errors";
import { versionStamp } from "@/shared/listing-remarks";
import type { StudioContext } from "../context";
import { loadVersionEntries } from "../listings/load-listing";
import { liveVersion } from "../listings/published-listing";
import { disclosedPair, posterUrl, publicLinks, sourceCopies } from "./disclosed-pair";
import { shareTokenHash } from "./share-token";

export { SHARE_IMAGE_URL_TTL_SECONDS } from "./disclosed-pair";

export async function showShare(ctx: StudioContext, input: { token: string }) {
  const [link] = await ctx.db
    .select({ project: projects, brokerage: workspaces.name, agentName: users.name, agentEmail: users.email })
    .from(shareLinks)
    .innerJoin(projects, eq(projects.id, shareLinks.projectId))
    .innerJoin(workspaces, eq(workspaces.id, shareLinks.workspaceId))
    .leftJoin(users, eq(users.id, shareLinks.createdBy))
    .where(and(eq(shareLinks.tokenHash, shareTokenHash(input.token)), isNull(shareLinks.revokedAt)));
  if (!link) throw new AppError("not_found", "This link is not valid or was turned off.");
  const { project } = link;
  const scope = { workspaceId: project.workspaceId, projectId: project.id };
  // The link is live, so the page has a version.
  const version = (await liveVersion(ctx, scope))!;
  const listing = await loadVersionEntries(ctx, version.id);
  const photos = listing.filter((entry) => entry.medium === "photo" && entry.output.sourceKey);
  const videos = listing.filter((entry) => entry.medium === "video");
  const resized = await sourceCopies(ctx, scope, listing);
  const store = publicLinks(ctx.storage);
  return {
    address: project.address,
    brokerage: link.brokerage,
    agent: link.agentName ? { name: link.agentName, email: link.agentEmail } : null,
    facts: {
      propertyType: project.propertyType,
      listingType: project.listingType,
      listingStatus: project.listingStatus,
      price: project.price,
      bedrooms: project.bedrooms,
      bathrooms: project.bathrooms,
    },
    description: version.description,
    version: { number: version.number, publishedAt: version.publishedAt, stamp: versionStamp(version) },
    videos: await Promise.all(
      videos.map(async (entry) => ({
        id: entry.output.id,
        name: entry.name,
        caption: entry.caption,
        label: entry.disclosure.label,
        remark: entry.disclosure.remark,
        url: await store.url(entry.output.storageKey),
        posterUrl: entry.output.sourceKey ? await posterUrl(store, entry.output.sourceKey, resized(entry.output.sourceKey)) : null,
      })),
    ),
    items: await Promise.all(
      photos.map(async (entry) => ({
        ...(await disclosedPair(store, { ...entry, output: { ...entry.output, sourceKey: entry.output.sourceKey! } }, resized)),
        number: entry.number,
        name: entry.name,
        caption: entry.caption,
      })),
    ),
  };
}

export type ShareListing = Awaited<ReturnType<typeof showShare>>;
