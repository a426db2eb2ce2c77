/**
 * The disclosure page of one altered image: what the QR code of its labelled download
 * opens (California AB 723: the unaltered image one scan away). It shows that image
 * beside its original and nothing else of the listing, so a labelled download never
 * publishes the listing page. One page per result, made on its first labelled download
 * and kept (every copy of the file scans to the same page); deleting the result removes it.
 * While the published listing page shows the result, this page shows the same image
 * (a redo waits for the next publish here too).
 */
import "server-only";
import { and, eq } from "drizzle-orm";
import { projects, workspaces } from "@/db/schema/studio";
import { generationOutputs, generations } from "@/db/schema/studio-generations";
import { imagePages, listingVersionItems } from "@/db/schema/studio-listing-page";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";
import { loadOutputs } from "../generations/records";
import { outputDisclosure } from "../generations/output-disclosure";
import { asPublished } from "../listings/load-listing";
import { liveVersion } from "../listings/published-listing";
import { disclosedPair, publicLinks, sourceCopies } from "./disclosed-pair";
import { newShareToken, shareTokenHash, shareTokenOf } from "./share-token";

export function imagePagePath(token: string): string {
  return `/disclosure/${token}`;
}

/** The image page of an output (made now if it has none); its path. */
export async function ensureImagePage(
  ctx: Pick<StudioContext, "db">,
  input: { workspaceId: string; outputId: string; userId: string },
): Promise<string> {
  const { tokenHash, tokenSealed } = newShareToken();
  await ctx.db
    .insert(imagePages)
    .values({ workspaceId: input.workspaceId, outputId: input.outputId, tokenHash, tokenSealed, createdBy: input.userId })
    .onConflictDoNothing({ target: imagePages.outputId });
  const [page] = await ctx.db
    .select({ tokenSealed: imagePages.tokenSealed })
    .from(imagePages)
    .where(and(eq(imagePages.workspaceId, input.workspaceId), eq(imagePages.outputId, input.outputId)));
  return imagePagePath(shareTokenOf({ token: null, tokenSealed: page.tokenSealed }));
}

/** The public data of an image page; an unknown token (or a deleted result) is "not found". */
export async function showImagePage(ctx: StudioContext, input: { token: string }) {
  const [row] = await ctx.db
    .select({ output: generationOutputs, generation: generations, address: projects.address, brokerage: workspaces.name })
    .from(imagePages)
    .innerJoin(generationOutputs, eq(generationOutputs.id, imagePages.outputId))
    .innerJoin(generations, eq(generations.id, generationOutputs.generationId))
    .innerJoin(projects, eq(projects.id, generations.projectId))
    .innerJoin(workspaces, eq(workspaces.id, generations.workspaceId))
    .where(eq(imagePages.tokenHash, shareTokenHash(input.token)));
  if (!row || !row.output.storageKey || !row.output.sourceKey) throw new AppError("not_found", "This page is not valid or was removed.");
  const { generation } = row;
  const live = await liveVersion(ctx, { workspaceId: generation.workspaceId, projectId: generation.projectId });
  const [published] = live
    ? await ctx.db
        .select()
        .from(listingVersionItems)
        .where(and(eq(listingVersionItems.versionId, live.id), eq(listingVersionItems.outputId, row.output.id)))
    : [];
  const output = published ? asPublished(row.output, published) : row.output;
  const source = {
    output: { ...output, storageKey: output.storageKey!, sourceKey: output.sourceKey! },
    kind: generation.kind,
    params: generation.params,
    disclosure: outputDisclosure(generation, output, await loadOutputs(ctx, generation.id)),
  };
  const resized = await sourceCopies(ctx, { workspaceId: generation.workspaceId, projectId: generation.projectId }, [source]);
  return { address: row.address, brokerage: row.brokerage, item: await disclosedPair(publicLinks(ctx.storage), source, resized) };
}

export type ImagePage = Awaited<ReturnType<typeof showImagePage>>;
