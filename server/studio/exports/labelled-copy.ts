/**
 * The labelled copy of an altered image (its disclosure and a QR code to its image page
 * burned in), made once and kept beside the result: downloads and the listing's zip
 * reuse it. The key names the attempt, the page and the label, so a redo, a new page or
 * a reworded label never serves a stale copy.
 */
import "server-only";
import { eq } from "drizzle-orm";
import { generations, type Generation, type GenerationOutput } from "@/db/schema/studio-generations";
import type { BlobStore } from "@/server/storage";
import { fileSlug } from "@/shared/listing-numbering";
import type { StudioContext } from "../context";
import { generationKeyPrefix } from "../generations/import-output";
import { keptRecordOf } from "../generations/kept-areas";
import { burnDisclosureLabel } from "./disclosure-label";
import { ensureImagePage } from "./image-page";
import { publicShareUrl } from "./share-url";

export async function labelledCopy(
  store: BlobStore,
  input: {
    generation: Pick<Generation, "id" | "workspaceId" | "projectId" | "params">;
    output: Pick<GenerationOutput, "id" | "attempts" | "sourceKey"> & { storageKey: string };
    label: string;
    pageUrl: string;
  },
): Promise<string> {
  const { generation, output, label, pageUrl } = input;
  const token = pageUrl.split("/").pop()!.slice(0, 12);
  const key = `${generationKeyPrefix(generation)}exports/${output.id}-${output.attempts}-${token}-${fileSlug(label)}.jpg`;
  if (await store.get(key)) return key;
  const blob = await store.get(output.storageKey);
  if (!blob) throw new Error(`output ${output.id} is missing from storage`);
  // The label and the QR code go outside the areas kept from the photo (D17).
  const kept = keptRecordOf(generation.params, output.sourceKey);
  const keptMask = kept ? ((await store.get(kept.maskKey))?.bytes ?? null) : null;
  await store.put(key, await burnDisclosureLabel(blob.bytes, label, { originalUrl: pageUrl, keptMask }), "image/jpeg");
  return key;
}

/**
 * The bytes of a result as a download carries it: an altered image labelled, with a QR
 * code to its own disclosure page (made now if it has none); anything else as stored.
 */
export async function disclosedFile(
  ctx: Pick<StudioContext, "db" | "storage">,
  scope: { workspaceId: string; projectId: string; userId: string },
  output: Pick<GenerationOutput, "id" | "attempts" | "generationId" | "sourceKey" | "role"> & { storageKey: string },
  label: string | null,
): Promise<{ bytes: Buffer; pageUrl: string | null }> {
  if (label && output.sourceKey && output.role !== "video") {
    const pageUrl = publicShareUrl(
      await ensureImagePage(ctx, { workspaceId: scope.workspaceId, outputId: output.id, userId: scope.userId }),
    );
    const [generation] = await ctx.db
      .select({ params: generations.params })
      .from(generations)
      .where(eq(generations.id, output.generationId));
    const key = await labelledCopy(ctx.storage, {
      generation: { id: output.generationId, ...scope, params: generation?.params ?? {} },
      output,
      label,
      pageUrl,
    });
    return { bytes: await read(ctx.storage, key), pageUrl };
  }
  return { bytes: await read(ctx.storage, output.storageKey), pageUrl: null };
}

async function read(store: BlobStore, key: string): Promise<Buffer> {
  const blob = await store.get(key);
  if (!blob) throw new Error(`${key} is missing from storage`);
  return blob.bytes;
}
