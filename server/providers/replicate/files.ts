/**
 * How an image input reaches Replicate: as a URL it can fetch. A data URL only for files
 * up to 256 KB (Replicate's documented inline limit); anything larger goes as a presigned
 * URL of our bucket when storage is S3 (`config.inputHost`), else it is uploaded with the
 * Files API (POST /v1/files, multipart field `content`) and passed as the file's
 * `urls.get`, which Replicate fetches with the same token, and deleted once the call has
 * ended (DELETE /v1/files/{id}) so copies of clients' photos do not stay in our Replicate
 * account. Large request bodies are refused or cut off, so a 25 MB photo is never inlined.
 */
import "server-only";
import type { ImageFile } from "@/server/providers/types";
import { toDataUrl, type CallContext } from "./http";
import type { ReplicateConfig } from "./predictions";

export const MAX_INLINE_BYTES = 256 * 1024;

export async function fileInput(ctx: CallContext, config: ReplicateConfig, file: ImageFile): Promise<string> {
  if (file.bytes.length <= MAX_INLINE_BYTES) return toDataUrl(file);
  if (config.inputHost) {
    const published = await config.inputHost.publish(file);
    ctx.onEnd(published.release);
    return published.url;
  }
  const form = new FormData();
  const extension = file.contentType.split("/")[1] ?? "bin";
  form.append("content", new Blob([new Uint8Array(file.bytes)], { type: file.contentType }), `input.${extension}`);
  form.append("metadata", new Blob(["{}"], { type: "application/json" }));
  const response = await ctx.send(`${config.baseUrl.replace(/\/$/, "")}/files`, {
    method: "POST",
    headers: { Authorization: `Bearer ${config.token}` },
    body: form,
  });
  const uploaded = await ctx.json<{ id?: string; urls?: { get?: string } }>(response);
  if (!uploaded.id || !uploaded.urls?.get)
    throw await ctx.httpFailure(new Response("Replicate's Files API answered without a file id and URL.", { status: 502 }));
  const url = `${config.baseUrl.replace(/\/$/, "")}/files/${encodeURIComponent(uploaded.id)}`;
  // Its own deadline: the call's signal may already have fired (a timeout still deletes).
  ctx.onEnd(async () => {
    await fetch(url, { method: "DELETE", headers: { Authorization: `Bearer ${config.token}` }, signal: AbortSignal.timeout(10_000) });
  });
  return uploaded.urls.get;
}
