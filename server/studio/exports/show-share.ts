/**
 * What the public share page shows: every finished altered image of the project beside
 * the unaltered photo it was made from, each with its disclosure label. Nothing else of
 * the workspace (no members, prices or notes beyond the address) is exposed.
 */
import { and, asc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { projects } from "@/db/schema/studio";
import { generationOutputs, generations, shareLinks, type GenerationOutput } from "@/db/schema/studio-generations";
import { AppError } from "@/server/errors";
import type { BlobStore } from "@/server/storage";
import type { StudioContext } from "../context";
import { ALTERED_ROLES, type GenerationKind } from "@/shared/generation-vocabulary";
import { outputDisclosure } from "../generations/output-disclosure";
import { changeMapOf } from "./change-map-of";
import { shareTokenHash } from "./share-token";

/**
 * Image links on a share page live this long, and each view signs new ones: once the
 * link is turned off, its images stop loading within this time (the page itself at once).
 */
export const SHARE_IMAGE_URL_TTL_SECONDS = 600;

export async function showShare(ctx: StudioContext, input: { token: string }) {
  const [link] = await ctx.db
    .select({ projectId: shareLinks.projectId, workspaceId: shareLinks.workspaceId, address: projects.address })
    .from(shareLinks)
    .innerJoin(projects, eq(projects.id, shareLinks.projectId))
    .where(and(eq(shareLinks.tokenHash, shareTokenHash(input.token)), isNull(shareLinks.revokedAt)));
  if (!link) throw new AppError("not_found", "This link is not valid or was turned off.");
  const rows = await ctx.db
    .select({ output: generationOutputs, kind: generations.kind, params: generations.params })
    .from(generationOutputs)
    .innerJoin(generations, eq(generations.id, generationOutputs.generationId))
    .where(
      and(
        eq(generations.workspaceId, link.workspaceId),
        eq(generations.projectId, link.projectId),
        eq(generationOutputs.status, "completed"),
        isNotNull(generationOutputs.storageKey),
        isNotNull(generationOutputs.sourceKey),
        inArray(generationOutputs.role, [...ALTERED_ROLES]),
      ),
    )
    .orderBy(asc(generations.createdAt), asc(generationOutputs.position));
  const store = shortLivedLinks(ctx.storage(), SHARE_IMAGE_URL_TTL_SECONDS);
  return {
    address: link.address,
    items: await Promise.all(
      rows.map(async ({ output, kind, params }) => ({
        id: output.id,
        kind,
        ...disclosureOf({ kind, params }, output, rows),
        alteredUrl: await store.url(output.storageKey!),
        originalUrl: await store.url(output.sourceKey!),
        // Computed on the first view of the page, then read from beside the output.
        changes: await changeMapOf(store, { generation: { kind, params }, output }),
      })),
    ),
  };
}

/** The same store, its links signed for `ttlSeconds` instead of the output lifetime. */
function shortLivedLinks(store: BlobStore, ttlSeconds: number): BlobStore {
  return Object.assign(Object.create(store) as BlobStore, { url: (key: string) => store.url(key, ttlSeconds) });
}

function disclosureOf(generation: { kind: GenerationKind; params: Record<string, unknown> }, output: GenerationOutput, rows: { output: GenerationOutput }[]) {
  const disclosure = outputDisclosure(generation, output, rows.filter((row) => row.output.generationId === output.generationId).map((row) => row.output));
  return { label: disclosure.label ?? "", preview: disclosure.preview, remark: disclosure.remark };
}
