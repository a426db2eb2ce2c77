/**
 * One altered image as a public page shows it: its signed links and WebP copies beside
 * the unaltered original's, its disclosure and what changed. The listing page and a
 * single image's page (the QR code of a labelled download) both build their images here.
 */
import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { photos } from "@/db/schema/studio";
import type { GenerationOutput } from "@/db/schema/studio-generations";
import { derivativeUrls } from "@/server/images/derivatives";
import type { BlobStore } from "@/server/storage";
import type { Disclosure } from "@/shared/disclosure";
import type { GenerationKind } from "@/shared/vocabulary";
import type { StudioContext } from "../context";
import { requestMissingCopies } from "../photos/make-missing-copies";
import { keptAreasSentence } from "@/shared/kept-areas";
import { keptRecordOf } from "../generations/kept-areas";
import { changeMapOf } from "./change-map-of";

/**
 * Image links on a public page live this long, and each view signs new ones: once the
 * page is unpublished, its images stop loading within this time (the page itself at once).
 */
export const SHARE_IMAGE_URL_TTL_SECONDS = 600;

export interface PairSource {
  output: GenerationOutput & { storageKey: string };
  kind: GenerationKind;
  params: Record<string, unknown>;
  disclosure: Disclosure;
}

/** The store with links signed for the public pages' short lifetime. */
export function publicLinks(store: BlobStore): BlobStore {
  return Object.assign(Object.create(store) as BlobStore, { url: (key: string) => store.url(key, SHARE_IMAGE_URL_TTL_SECONDS) });
}

/** Whether each source photo has its WebP copies; images stored before copies existed get them on this first view. */
export async function sourceCopies(ctx: StudioContext, project: { workspaceId: string; projectId: string }, sources: PairSource[]) {
  const keys = sources.map(({ output }) => output.sourceKey).filter((key): key is string => Boolean(key));
  const rows = keys.length
    ? await ctx.db
        .select({ storageKey: photos.storageKey, resized: photos.resized })
        .from(photos)
        .where(and(eq(photos.workspaceId, project.workspaceId), inArray(photos.storageKey, keys)))
    : [];
  const resized = (key: string) => rows.find((photo) => photo.storageKey === key)?.resized ?? true;
  if (sources.some(({ output }) => !output.resized || (output.sourceKey && !resized(output.sourceKey)))) {
    await requestMissingCopies(ctx, project);
  }
  return resized;
}

export async function disclosedPair(
  store: BlobStore,
  source: PairSource & { output: { sourceKey: string } },
  sourceResized: (key: string) => boolean,
) {
  const { output, kind, params, disclosure } = source;
  return {
    id: output.id,
    kind,
    label: disclosure.label ?? "",
    preview: disclosure.preview,
    remark: disclosure.remark,
    alteredUrl: await store.url(output.storageKey),
    altered: await derivativeUrls(store, output.storageKey, { contentType: output.contentType, resized: output.resized }),
    originalUrl: await store.url(output.sourceKey),
    original: await derivativeUrls(store, output.sourceKey, { resized: sourceResized(output.sourceKey) }),
    // Computed on the first view, then read from beside the output.
    changes: await changeMapOf(store, { generation: { kind, params }, output }),
    /** "The 2 windows and the fireplace are kept exactly from the original photo." (D17), or null. */
    kept: keptAreasSentence(keptRecordOf(params, output.sourceKey)?.areas ?? []),
  };
}

/** A video's poster: the display copy of the image it was made from, when it has one. */
export async function posterUrl(store: BlobStore, key: string, resized: boolean): Promise<string> {
  return (await derivativeUrls(store, key, { resized }))?.displayUrl ?? store.url(key);
}
