/**
 * A download link for any finished result. With `disclosure`, altered images get the
 * label and a QR code to the project's share page (the unaltered originals) burned in,
 * once per share link; the labelled copy is kept beside the result and reused. A
 * project without a live share link gets one: the QR code must lead somewhere.
 */
import "server-only";
import type { StudioContext } from "../context";
import { generationKeyPrefix } from "../generations/import-output";
import { loadOutputs } from "../generations/records";
import { outputDisclosure } from "../generations/output-disclosure";
import { createShareLink } from "./create-share-link";
import { burnDisclosureLabel } from "./disclosure-label";
import { findOutput } from "./find-output";
import { publicShareUrl } from "./share-url";
import { showShareLink } from "./show-share-link";

export async function exportOutput(ctx: StudioContext, input: { workspaceId: string; outputId: string; disclosure: boolean; userId: string }) {
  const { output, generation, storageKey } = await findOutput(ctx, input);
  const store = ctx.storage;
  const extension = storageKey.split(".").pop() ?? "bin";
  const baseName = `${generation.kind}-${output.role}-${output.position + 1}`;
  const label = input.disclosure ? outputDisclosure(generation, output, await loadOutputs(ctx, generation.id)).label : null;
  if (!label) return { url: await store.url(storageKey), fileName: `${baseName}.${extension}`, labelled: false, label: null };

  const link = (await showShareLink(ctx, { workspaceId: input.workspaceId, projectId: generation.projectId })) ??
    (await createShareLink(ctx, { workspaceId: input.workspaceId, projectId: generation.projectId, userId: input.userId }));
  const shareUrl = publicShareUrl(link.path);
  // The share token is in the key: a new link (the old one revoked) gets a new QR code.
  const token = link.path.split("/").pop()!.slice(0, 12);
  const labelledKey = `${generationKeyPrefix(generation)}exports/${output.id}-${output.attempts}-${token}-${slug(label)}.jpg`;
  if (!(await store.get(labelledKey))) {
    const blob = await store.get(storageKey);
    if (!blob) throw new Error(`output ${output.id} is missing from storage`);
    await store.put(labelledKey, await burnDisclosureLabel(blob.bytes, label, { originalUrl: shareUrl }), "image/jpeg");
  }
  return { url: await store.url(labelledKey), fileName: `${baseName}-disclosed.jpg`, labelled: true, label, shareUrl };
}

/** The label in the cached copy's key, so a label that changes (e.g. wording) is never served from a stale copy. */
function slug(label: string): string {
  return label.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}
