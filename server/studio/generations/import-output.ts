/**
 * Copies a finished output from the service into the studio's own storage, so exports,
 * share pages and later steps never depend on the service's links staying valid. Links
 * to this deployment's store are read directly; others go through the guarded fetcher.
 * An image also gets its thumbnail and display copies here, once, like an uploaded photo.
 */
import "server-only";
import { AppError } from "@/server/errors";
import { storeDerivatives } from "@/server/images/derivatives";
import { safeFetch } from "@/server/net/safe-fetch";
import { extensionFor } from "@/shared/media-types";
import type { StudioContext } from "../context";

const MAX_OUTPUT_BYTES = 200 * 1024 * 1024;

export function generationKeyPrefix(generation: { workspaceId: string; projectId: string; id: string }): string {
  return `studio/${generation.workspaceId}/projects/${generation.projectId}/generations/${generation.id}/`;
}

export async function importOutput(
  ctx: Pick<StudioContext, "storage">,
  input: { url: string; keyStem: string },
): Promise<{ storageKey: string; contentType: string }> {
  const store = ctx.storage;
  const own = await store.resolveOwnUrl(input.url);
  let bytes: Buffer;
  let contentType: string;
  if (own) {
    const blob = await store.get(own);
    if (!blob) throw new AppError("source_fetch_failed", "The service's output is no longer stored.");
    ({ bytes, contentType } = blob);
  } else {
    const response = await safeFetch(input.url, { maxBytes: MAX_OUTPUT_BYTES, timeoutMs: 60_000 });
    if (response.status !== 200)
      throw new AppError("source_fetch_failed", `The service's output could not be downloaded (HTTP ${response.status}).`);
    bytes = response.body;
    contentType = String(response.headers["content-type"] ?? "application/octet-stream")
      .split(";")[0]
      .trim();
  }
  const storageKey = `${input.keyStem}.${extensionFor(contentType)}`;
  await store.put(storageKey, bytes, contentType);
  if (contentType.startsWith("image/")) await storeDerivatives(store, storageKey, bytes);
  return { storageKey, contentType };
}
