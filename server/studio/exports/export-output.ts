/**
 * A download link for any finished result. With `disclosure`, altered images get the
 * label and a QR code burned in; the code opens that image's own disclosure page (the
 * original beside it: image-page.ts), never the listing page, so downloading publishes
 * nothing of the listing. The labelled copy is kept beside the result and reused.
 */
import "server-only";
import type { StudioContext } from "../context";
import { loadOutputs } from "../generations/records";
import { outputDisclosure } from "../generations/output-disclosure";
import { findOutput } from "./find-output";
import { ensureImagePage } from "./image-page";
import { labelledCopy } from "./labelled-copy";
import { publicShareUrl } from "./share-url";

export async function exportOutput(ctx: StudioContext, input: { workspaceId: string; outputId: string; disclosure: boolean; userId: string }) {
  const { output, generation, storageKey } = await findOutput(ctx, input);
  const store = ctx.storage;
  const extension = storageKey.split(".").pop() ?? "bin";
  const baseName = `${generation.kind}-${output.role}-${output.position + 1}`;
  const label = input.disclosure ? outputDisclosure(generation, output, await loadOutputs(ctx, generation.id)).label : null;
  if (!label || output.role === "video" || !output.sourceKey) return { url: await store.url(storageKey), fileName: `${baseName}.${extension}`, labelled: false, label: null };

  const pageUrl = publicShareUrl(await ensureImagePage(ctx, { workspaceId: input.workspaceId, outputId: output.id, userId: input.userId }));
  const key = await labelledCopy(store, { generation, output: { ...output, storageKey }, label, pageUrl });
  return { url: await store.url(key), fileName: `${baseName}-disclosed.jpg`, labelled: true, label, pageUrl };
}
