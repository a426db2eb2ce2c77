/**
 * The work the phases submit — legacy jobs, multi-view sets, videos (durable) and
 * upscale, inpaint, property descriptions (synchronous) — and how each one's state is
 * read back through the API until it is terminal.
 */
import type { Api, ApiResponse } from "./api";
import { sleep } from "./api";
import type { Images } from "./fixtures";

export type WorkKind = "job" | "job-fast" | "multiview" | "video" | "upscale" | "inpaint" | "describe";
export type DurableKind = "job" | "multiview" | "video";

export interface Submitted {
  kind: WorkKind;
  response: ApiResponse;
  /** The id to read a durable item back with; null for synchronous kinds and refusals. */
  id: string | null;
}

export const SYNC_KINDS: WorkKind[] = ["upscale", "inpaint", "describe"];

export function requestFor(kind: WorkKind, images: Images, variant = 0): { path: string; body: unknown } {
  switch (kind) {
    case "job":
    case "job-fast":
      return {
        path: "/job",
        body: {
          source_url: images.room,
          room_type: "living_room",
          redesign_type: variant % 2 ? "declutter" : "staging",
          style: "modern",
          fast: kind === "job-fast",
        },
      };
    case "multiview":
      return {
        path: "/multiview",
        body: {
          source_url: images.room,
          additional_view_urls: images.views.slice(0, 1 + (variant % 3)),
          room_type: "Living Room",
          style: "Scandinavian",
        },
      };
    case "video":
      return {
        path: "/video",
        body:
          variant % 2
            ? { mode: "before_after", image_url: images.room, tail_image_url: images.tail }
            : { mode: "zoom_in", image_url: images.room },
      };
    case "upscale":
      return { path: "/upscale", body: { image_url: images.room } };
    case "inpaint":
      return {
        path: "/inpaint",
        body: { submitted_url: images.room, mask_url: images.mask, inpainting_type: "remove", render_type: "interior" },
      };
    case "describe":
      return {
        path: "/tools/property-description",
        body: { images: [images.base64[variant % images.base64.length]], property_data: { property_type: "apartment", price: 350000 } },
      };
  }
}

export async function submit(
  api: Api,
  key: string,
  kind: WorkKind,
  images: Images,
  variant = 0,
  headers?: Record<string, string>,
): Promise<Submitted> {
  const { path, body } = requestFor(kind, images, variant);
  const response = await api("POST", path, { key, json: body, headers });
  const ok = response.status === 200;
  const id = !ok
    ? null
    : kind === "job" || kind === "job-fast"
      ? response.body.jobId
      : kind === "multiview"
        ? response.body.result.render_set_id
        : kind === "video"
          ? response.body.job_id
          : null;
  return { kind, response, id };
}

export type ItemState = "processing" | "completed" | "partially_completed" | "failed";

export async function readState(
  api: Api,
  key: string,
  kind: DurableKind,
  id: string,
): Promise<{ state: ItemState; response: ApiResponse }> {
  if (kind === "job") {
    const response = await api("GET", `/jobs/${id}`, { key });
    if (response.status === 400 && response.body?.code === "job_failed") return { state: "failed", response };
    return { state: response.body?.status ?? "processing", response };
  }
  const response = await api("GET", kind === "multiview" ? `/multiview?render_set_id=${id}` : `/video?job_id=${id}`, { key });
  return { state: response.body?.status ?? "processing", response };
}

export const durableKind = (kind: WorkKind): DurableKind | null =>
  kind === "job" || kind === "job-fast" ? "job" : kind === "multiview" || kind === "video" ? kind : null;

/** Polls every durable item until it is terminal or time is up; answers the ones still processing. */
export async function waitTerminal(
  api: Api,
  items: Array<{ key: string; kind: DurableKind; id: string }>,
  timeoutMs: number,
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  let pending = items;
  while (pending.length && Date.now() < deadline) {
    const states = await Promise.all(pending.map(async (item) => ({ item, ...(await readState(api, item.key, item.kind, item.id)) })));
    pending = states.filter((s) => s.state === "processing").map((s) => s.item);
    if (pending.length) await sleep(1000);
  }
  return pending.map((item) => `${item.kind} ${item.id} still processing after ${Math.round(timeoutMs / 1000)} s`);
}
