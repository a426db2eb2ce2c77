/**
 * The results a project's listing page publishes, in the agent's order, numbered once
 * (shared/listing-numbering.ts) with each one's disclosure. The page, the MLS remark, the
 * listing's zip and the studio's listing panel all read this, so they cannot disagree.
 */
import "server-only";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { generationOutputs, generations } from "@/db/schema/studio-generations";
import { listingPicks } from "@/db/schema/studio-listing-page";
import { numberListing } from "@/shared/listing-numbering";
import type { StudioContext } from "../context";
import { outputDisclosure } from "../generations/output-disclosure";

export async function loadListing(ctx: Pick<StudioContext, "db">, input: { workspaceId: string; projectId: string }) {
  const rows = await ctx.db
    .select({ caption: listingPicks.caption, output: generationOutputs, kind: generations.kind, params: generations.params, result: generations.result })
    .from(listingPicks)
    .innerJoin(generationOutputs, eq(generationOutputs.id, listingPicks.outputId))
    .innerJoin(generations, eq(generations.id, generationOutputs.generationId))
    .where(and(eq(listingPicks.workspaceId, input.workspaceId), eq(listingPicks.projectId, input.projectId), isNotNull(generationOutputs.storageKey)))
    .orderBy(asc(listingPicks.position));
  // An upscale is disclosed with the edit before it: its generation's other outputs decide.
  const generationIds = [...new Set(rows.map((row) => row.output.generationId))];
  const siblings = generationIds.length
    ? await ctx.db
        .select({ generationId: generationOutputs.generationId, role: generationOutputs.role, provider: generationOutputs.provider })
        .from(generationOutputs)
        .where(inArray(generationOutputs.generationId, generationIds))
    : [];
  return numberListing(
    rows.map(({ caption, output, kind, params, result }) => ({
      medium: output.role === "video" ? ("video" as const) : ("photo" as const),
      caption,
      output: { ...output, storageKey: output.storageKey! },
      kind,
      params,
      disclosure: outputDisclosure(
        { kind, params, result },
        output,
        siblings.filter((sibling) => sibling.generationId === output.generationId),
      ),
    })),
  );
}

export type ListingEntry = Awaited<ReturnType<typeof loadListing>>[number];
