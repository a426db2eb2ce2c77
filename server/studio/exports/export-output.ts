/**
 * A download link for any finished result. With `disclosure`, altered images get the
 * label and a QR code burned in; the code opens that image's own disclosure page (the
 * original beside it: image-page.ts), never the listing page, so downloading publishes
 * nothing of the listing. The labelled copy is kept beside the result and reused. The file
 * is named for what it is: its photo, its disclosure ("style-preview", never "staged" for
 * a preview), its style and its number, "-labelled" when the statement is burned in.
 */
import "server-only";
import { and, eq } from "drizzle-orm";
import { photos } from "@/db/schema/studio";
import { fileSlug } from "@/shared/listing-numbering";
import { GENERATION_KIND_LABELS } from "@/shared/vocabulary";
import type { StudioContext } from "../context";
import { loadOutputs } from "../generations/records";
import { outputDisclosure } from "../generations/output-disclosure";
import { findOutput } from "./find-output";
import { ensureImagePage } from "./image-page";
import { labelledCopy } from "./labelled-copy";
import { publicShareUrl } from "./share-url";

export async function exportOutput(
  ctx: StudioContext,
  input: { workspaceId: string; outputId: string; disclosure: boolean; userId: string },
) {
  const { output, generation, storageKey } = await findOutput(ctx, input);
  const store = ctx.storage;
  const extension = storageKey.split(".").pop() ?? "bin";
  const disclosure = outputDisclosure(generation, output, await loadOutputs(ctx, generation.id));
  const [source] = output.sourceKey
    ? await ctx.db
        .select({ fileName: photos.fileName })
        .from(photos)
        .where(and(eq(photos.storageKey, output.sourceKey), eq(photos.workspaceId, input.workspaceId)))
    : [];
  const style = typeof generation.params.style === "string" ? generation.params.style : null;
  const words = [
    source?.fileName.replace(/\.[^.]+$/, ""),
    disclosure.label ?? GENERATION_KIND_LABELS[generation.kind],
    style,
    String(output.position + 1),
  ];
  const baseName = words
    .filter((word): word is string => Boolean(word))
    .map(fileSlug)
    .filter(Boolean)
    .join("-");
  const label = input.disclosure ? disclosure.label : null;
  if (!label || output.role === "video" || !output.sourceKey)
    return { url: await store.url(storageKey), fileName: `${baseName}.${extension}`, labelled: false, label: null };

  const pageUrl = publicShareUrl(await ensureImagePage(ctx, { workspaceId: input.workspaceId, outputId: output.id, userId: input.userId }));
  const key = await labelledCopy(store, { generation, output: { ...output, storageKey }, label, pageUrl });
  return { url: await store.url(key), fileName: `${baseName}-labelled.jpg`, labelled: true, label, pageUrl };
}
