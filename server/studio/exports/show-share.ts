/**
 * What the public share page shows: the listing as a buyer should see it (brokerage,
 * the agent who published the page, the property's public facts, the latest listing
 * copy and video) and every finished altered image beside the unaltered photo it was
 * made from, each with its disclosure label. Internal notes, members other than the
 * publishing agent, and anything unfinished are never exposed.
 */
import "server-only";
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import { photos, projects, users, workspaces } from "@/db/schema/studio";
import { generationOutputs, generations, shareLinks, type GenerationOutput } from "@/db/schema/studio-generations";
import { descriptionRevisions } from "@/db/schema/studio-listing-copy";
import { AppError } from "@/server/errors";
import { derivativeUrls } from "@/server/images/derivatives";
import type { BlobStore } from "@/server/storage";
import type { StudioContext } from "../context";
import { ALTERED_ROLES, type GenerationKind } from "@/shared/vocabulary";
import { inProject, keptOutputs } from "../generations/kept-outputs";
import { outputDisclosure } from "../generations/output-disclosure";
import { requestMissingCopies } from "../photos/make-missing-copies";
import { changeMapOf } from "./change-map-of";
import { shareTokenHash } from "./share-token";

/**
 * Image links on a share page live this long, and each view signs new ones: once the
 * link is turned off, its images stop loading within this time (the page itself at once).
 */
export const SHARE_IMAGE_URL_TTL_SECONDS = 600;

export async function showShare(ctx: StudioContext, input: { token: string }) {
  const [link] = await ctx.db
    .select({ link: shareLinks, project: projects, brokerage: workspaces.name, agentName: users.name, agentEmail: users.email })
    .from(shareLinks)
    .innerJoin(projects, eq(projects.id, shareLinks.projectId))
    .innerJoin(workspaces, eq(workspaces.id, shareLinks.workspaceId))
    .leftJoin(users, eq(users.id, shareLinks.createdBy))
    .where(and(eq(shareLinks.tokenHash, shareTokenHash(input.token)), isNull(shareLinks.revokedAt)));
  if (!link) throw new AppError("not_found", "This link is not valid or was turned off.");
  const { project } = link;
  const scope = { workspaceId: project.workspaceId, projectId: project.id };
  const rows = await keptOutputs(ctx, scope, [...ALTERED_ROLES, "video"]).orderBy(
    asc(generations.createdAt),
    asc(generationOutputs.position),
  );
  const [copy] = await ctx.db
    .select({ id: generations.id, result: generations.result })
    .from(generations)
    .where(and(inProject(scope), eq(generations.kind, "description"), eq(generations.status, "completed")))
    .orderBy(desc(generations.completedAt))
    .limit(1);
  const store = shortLivedLinks(ctx.storage, SHARE_IMAGE_URL_TTL_SECONDS);
  const altered = rows.filter(({ output }) => output.role !== "video" && output.sourceKey);
  // The page shows WebP copies; images stored before copies existed get them on this first view.
  const sourcePhotos = altered.length
    ? await ctx.db
        .select({ storageKey: photos.storageKey, resized: photos.resized })
        .from(photos)
        .where(and(eq(photos.workspaceId, project.workspaceId), inArray(photos.storageKey, altered.map(({ output }) => output.sourceKey!))))
    : [];
  const sourceResized = (key: string) => sourcePhotos.find((photo) => photo.storageKey === key)?.resized ?? true;
  if (altered.some(({ output }) => !output.resized || !sourceResized(output.sourceKey!))) {
    await requestMissingCopies(ctx, { workspaceId: project.workspaceId, projectId: project.id });
  }
  const video = rows.filter(({ output }) => output.role === "video").at(-1)?.output;
  // The team's latest edit of the copy, else the text as written.
  const [edit] = copy
    ? await ctx.db
        .select({ text: descriptionRevisions.text })
        .from(descriptionRevisions)
        .where(eq(descriptionRevisions.generationId, copy.id))
        .orderBy(desc(descriptionRevisions.createdAt))
        .limit(1)
    : [];
  const description = edit?.text ?? (typeof copy?.result?.description === "string" ? copy.result.description : null);
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
    description,
    video: video ? { url: await store.url(video.storageKey!), posterUrl: video.sourceKey ? await posterUrl(store, video.sourceKey, sourceResized(video.sourceKey)) : null } : null,
    items: await Promise.all(
      altered.map(async ({ output, kind, params }) => ({
        id: output.id,
        kind,
        ...disclosureOf({ kind, params }, output, altered),
        alteredUrl: await store.url(output.storageKey!),
        altered: await derivativeUrls(store, output.storageKey, { contentType: output.contentType, resized: output.resized }),
        originalUrl: await store.url(output.sourceKey!),
        original: await derivativeUrls(store, output.sourceKey, { resized: sourceResized(output.sourceKey!) }),
        // Computed on the first view of the page, then read from beside the output.
        changes: await changeMapOf(store, { generation: { kind, params }, output }),
      })),
    ),
  };
}

/** The video's poster: the display copy of the image it was made from, when it has one. */
async function posterUrl(store: BlobStore, key: string, resized: boolean): Promise<string> {
  return (await derivativeUrls(store, key, { resized }))?.displayUrl ?? store.url(key);
}

/** The same store, its links signed for `ttlSeconds` instead of the output lifetime. */
function shortLivedLinks(store: BlobStore, ttlSeconds: number): BlobStore {
  return Object.assign(Object.create(store) as BlobStore, { url: (key: string) => store.url(key, ttlSeconds) });
}

export type ShareListing = Awaited<ReturnType<typeof showShare>>;

function disclosureOf(generation: { kind: GenerationKind; params: Record<string, unknown> }, output: GenerationOutput, rows: { output: GenerationOutput }[]) {
  const disclosure = outputDisclosure(generation, output, rows.filter((row) => row.output.generationId === output.generationId).map((row) => row.output));
  return { label: disclosure.label ?? "", preview: disclosure.preview, remark: disclosure.remark };
}
