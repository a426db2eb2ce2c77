/**
 * A project's listing page as entries: the team's draft (the picks as they are now) or a
 * published version (the picks as they were published, each with the image it showed
 * then), in order, numbered once (shared/listing-numbering.ts) with each one's
 * disclosure. The page, the MLS remark, the listing's zip and the studio's listing panel
 * all read these, so they cannot disagree about what "Photo 2" is.
 */
import "server-only";
import crypto from "node:crypto";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { generationOutputs, generations, type GenerationOutput } from "@/db/schema/studio-generations";
import { listingPages, listingPicks, listingVersionItems, type ListingVersionItem } from "@/db/schema/studio-listing-page";
import type { ListingSide } from "@/shared/listing-changes";
import { numberListing } from "@/shared/listing-numbering";
import type { GenerationKind } from "@/shared/vocabulary";
import { outputDisclosure } from "../generations/output-disclosure";

type Scope = { workspaceId: string; projectId: string };

interface Row {
  caption: string | null;
  output: GenerationOutput & { storageKey: string };
  kind: GenerationKind;
  params: Record<string, unknown>;
  result: Record<string, unknown> | null;
}

async function entriesOf(db: Tx, rows: Row[]) {
  // An upscale is disclosed with the edit before it: its generation's other outputs decide.
  const generationIds = [...new Set(rows.map((row) => row.output.generationId))];
  const siblings = generationIds.length
    ? await db
        .select({ generationId: generationOutputs.generationId, role: generationOutputs.role, provider: generationOutputs.provider })
        .from(generationOutputs)
        .where(inArray(generationOutputs.generationId, generationIds))
    : [];
  return numberListing(
    rows.map(({ caption, output, kind, params, result }) => ({
      medium: output.role === "video" ? ("video" as const) : ("photo" as const),
      caption,
      output,
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

export type ListingEntry = Awaited<ReturnType<typeof entriesOf>>[number];

const madeBy = { kind: generations.kind, params: generations.params, result: generations.result };

/** The team's draft: what publishing would put on the page now. */
export async function loadDraft(ctx: { db: Tx }, scope: Scope) {
  const [rows, [page]] = await Promise.all([
    ctx.db
      .select({ caption: listingPicks.caption, output: generationOutputs, ...madeBy })
      .from(listingPicks)
      .innerJoin(generationOutputs, eq(generationOutputs.id, listingPicks.outputId))
      .innerJoin(generations, eq(generations.id, generationOutputs.generationId))
      .where(
        and(
          eq(listingPicks.workspaceId, scope.workspaceId),
          eq(listingPicks.projectId, scope.projectId),
          isNotNull(generationOutputs.storageKey),
        ),
      )
      .orderBy(asc(listingPicks.position)),
    ctx.db.select({ description: listingPages.description }).from(listingPages).where(eq(listingPages.projectId, scope.projectId)),
  ]);
  const entries = await entriesOf(
    ctx.db,
    rows.map((row) => ({ ...row, output: { ...row.output, storageKey: row.output.storageKey! } })),
  );
  const description = page?.description ?? null;
  return { entries, description, fingerprint: fingerprintOf(entries, description) };
}

export type Draft = Awaited<ReturnType<typeof loadDraft>>;

/** A published version's entries, each result showing the image pinned when it was published. */
export async function loadVersionEntries(ctx: { db: Tx }, versionId: string): Promise<ListingEntry[]> {
  const rows = await ctx.db
    .select({ item: listingVersionItems, output: generationOutputs, ...madeBy })
    .from(listingVersionItems)
    .innerJoin(generationOutputs, eq(generationOutputs.id, listingVersionItems.outputId))
    .innerJoin(generations, eq(generations.id, generationOutputs.generationId))
    .where(eq(listingVersionItems.versionId, versionId))
    .orderBy(asc(listingVersionItems.position));
  return entriesOf(
    ctx.db,
    rows.map(({ item, output, ...made }) => ({ ...made, caption: item.caption, output: asPublished(output, item) })),
  );
}

/** A result as a published version shows it: with the image it had when published. */
export function asPublished(output: GenerationOutput, item: ListingVersionItem): GenerationOutput & { storageKey: string } {
  return {
    ...output,
    storageKey: item.storageKey,
    contentType: item.contentType,
    provider: item.provider,
    attempts: item.attempts,
    resized: item.resized,
  };
}

/** One side of a comparison of drafts and versions (shared/listing-changes.ts). */
export function sideOf(entries: readonly ListingEntry[], description: string | null): ListingSide {
  return {
    picks: entries.map((entry) => ({
      outputId: entry.output.id,
      name: entry.name,
      caption: entry.caption,
      image: entry.output.storageKey,
    })),
    description,
  };
}

/**
 * What the draft holds, in one short string: a publish or a discard names the draft its
 * person reviewed, and is refused when a teammate has changed it since.
 */
function fingerprintOf(entries: readonly ListingEntry[], description: string | null): string {
  const side = sideOf(entries, description);
  return crypto.createHash("sha256").update(JSON.stringify(side)).digest("base64url").slice(0, 22);
}
