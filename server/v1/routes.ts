/**
 * The 13 public routes of the v1 contract, written once: method and path, what each
 * accepts (the zod schemas the service validates with), the checks withApiKey applies
 * (preview flag, plans, generation, body limit), what it answers, which refusals it can
 * make and what it costs. The route files in app/api/v1 bind to these entries
 * (server/v1/http/bind-route.ts); the OpenAPI document, the typed client and the
 * reliability suite are derived from them; routes.test.ts ties the table to the files.
 * Pure data: no settings are read here, so any side (client, suites) may import it.
 */
import "server-only";
import { z } from "zod";
import {
  DeleteRequestSchema,
  DeleteResponseSchema,
  JobCreatedSchema,
  JobListQuerySchema,
  JobListSchema,
  JobRequestSchema,
  JobStatusResponseSchema,
  MeResponseSchema,
} from "@/server/v1/schemas/job";
import {
  InpaintRequestSchema,
  InpaintResponseSchema,
  UpscaleRequestSchema,
  UpscaleResponseSchema,
  VideoCreatedSchema,
  VideoRequestSchema,
  VideoStatusQuerySchema,
  VideoStatusSchema,
} from "@/server/v1/schemas/media";
import {
  MultiviewCreatedSchema,
  MultiviewRedoRequestSchema,
  MultiviewRedoSchema,
  MultiviewRequestSchema,
  MultiviewStatusQuerySchema,
  MultiviewStatusSchema,
} from "@/server/v1/schemas/multiview";
import { PropertyDescriptionRequestSchema, PropertyDescriptionResponseSchema } from "@/server/v1/schemas/property-description";
import type { PreviewFeature } from "@/env";
import { CREDIT_COSTS, creditsLabel, multiviewCost, paidRouteNote } from "@/shared/credit-costs";
import { MULTIVIEW_OTHER_VIEWS, PLANS } from "@/shared/vocabulary";
import type { V1ErrorCode } from "./openapi/components";

export interface V1Route {
  operationId: string;
  method: "get" | "post";
  path: string;
  summary: string;
  description: string;
  /** Legacy routes answer flat bodies and `{error, code}` errors; the rest the envelope. */
  style: "legacy" | "envelope";
  /** A limited preview: 404 feature_unavailable unless V1_PREVIEW_FEATURES enables it. */
  preview?: PreviewFeature;
  /** Premium and business plans only (403 plan_required). */
  paidOnly?: boolean;
  /** Consumes a quota unit and honours Idempotency-Key. */
  generation?: boolean;
  /** The setting holding this route's body limit, when not V1_JSON_BODY_LIMIT_BYTES. */
  bodyLimitSetting?: "V1_PROPERTY_BODY_LIMIT_BYTES";
  billing: string;
  body?: z.ZodType;
  query?: z.ZodObject;
  params?: z.ZodObject;
  response: z.ZodType;
  /** Refusals specific to the route; auth, rate-limit, validation and idempotency ones are added from the flags. */
  errors: V1ErrorCode[];
  /** An example request body for the docs' curl lines. */
  example?: unknown;
}

const SOURCE_ERRORS: V1ErrorCode[] = ["source_fetch_failed", "unsupported_media"];
const SYNC_ERRORS: V1ErrorCode[] = ["provider_error", "provider_timeout", "server_busy"];
const SYNC_NOTE =
  " Synchronous: the request waits for the provider (timeout 300 s by default). A failure after acceptance answers the failed " +
  "envelope with the code's status (e.g. 502 `provider_error`, 502 `provider_timeout`), its job id and `credits_charged: 0` " +
  "(the debit was refunded). When the instance's image work pool stays full for 10 s, 503 `server_busy` with `Retry-After`, " +
  "before anything is charged.";
const URL = "https://example.com/photos/living-room.jpg";

export const V1_ROUTE_TABLE = {
  createJob: {
    operationId: "createJob",
    method: "post",
    path: "/job",
    summary: "Create a legacy redesign job group",
    description:
      "Fetches and stores the source, then starts the outputs. `style` is required for staging, render and redecorate; `color` " +
      "for color_change. Labels are normalized (case-insensitive; spaces, hyphens and underscores alike). Output count: 1 when " +
      "`fast` is true, otherwise by plan: free 1, premium 2, business 4. Poll GET /jobs/{jobSource} with the returned `jobId`. " +
      "The trailing-slash path `/job/` is accepted too.",
    style: "legacy",
    generation: true,
    billing: "1 quota unit; no media credits (legacy endpoint).",
    body: JobRequestSchema,
    response: JobCreatedSchema,
    errors: [...SOURCE_ERRORS],
    example: { source_url: URL, room_type: "living room", redesign_type: "virtual staging", style: "scandinavian" },
  },
  listJobs: {
    operationId: "listJobs",
    method: "get",
    path: "/jobs",
    summary: "List the key owner's job groups",
    description:
      'Newest group first. The next page, if any, is announced in a `Link: <…>; rel="next"` header so the legacy body keeps ' +
      "its shape; follow it (or pass its `cursor`) to read on.",
    style: "legacy",
    billing: "Free: no quota, no credits.",
    query: JobListQuerySchema,
    response: JobListSchema,
    errors: [],
  },
  getJob: {
    operationId: "getJob",
    method: "get",
    path: "/jobs/{jobSource}",
    summary: "Read a legacy job group",
    description:
      "`processing` while any output runs (body `{status}` only); `completed` when all succeeded, `partially_completed` when " +
      "some failed (both with `data`). When every output failed: HTTP 400 with the legacy error body, code `job_failed`. " +
      "Unknown id or another account's id: 404 `not_found`. A finished group names its provider in headers, as the body keeps " +
      "its legacy shape (D14): `Atrium-Provider` (e.g. `replicate`, or `local` for the offline provider), `Atrium-Preview` " +
      "(`true` when the outputs are style previews made without a generative model, never to be presented as virtual staging) " +
      "and `Atrium-Disclosure` (the label to publish them with, e.g. `Virtually staged`, `Style preview`, " +
      "`Digitally altered: items removed`).",
    style: "legacy",
    billing: "Free: no quota, no credits.",
    params: z.object({ jobSource: z.string().meta({ description: "The `jobId` returned by POST /job." }) }),
    response: JobStatusResponseSchema,
    errors: ["job_failed", "not_found"],
  },
  createMultiview: {
    operationId: "createMultiview",
    method: "post",
    path: "/multiview",
    summary: "Create a multi-view staging set",
    description:
      "Premium or business plan. The anchor (`view_index` 0) is generated first; each sibling starts after it, in ascending " +
      `\`view_index\`, using the anchor's output as its style reference. Needs a balance of at least ${CREDIT_COSTS.multiviewAnchor} (the anchor) or 402. A ` +
      `sibling about to start with a balance below ${CREDIT_COSTS.multiviewSibling} is skipped (\`failed\`, \`error.code\` \`insufficient_credits\`, not charged). ` +
      "If the anchor fails the set fails, siblings are never started (`anchor_failed`) and the anchor credit is refunded. " +
      "Sibling `output_url` stays null until its quality gate (`sibling_gate`) passes.",
    style: "envelope",
    preview: "multiview",
    paidOnly: true,
    generation: true,
    billing: `1 quota unit; ${creditsLabel(CREDIT_COSTS.multiviewAnchor)} for the anchor now, ${CREDIT_COSTS.multiviewSibling} per sibling as each starts (worst case ${multiviewCost(1 + MULTIVIEW_OTHER_VIEWS.max)}). \`credits_charged\` is the anchor charge.`,
    body: MultiviewRequestSchema,
    response: MultiviewCreatedSchema,
    errors: ["insufficient_credits", ...SOURCE_ERRORS],
    example: {
      source_url: URL,
      additional_view_urls: ["https://example.com/photos/living-room-2.jpg"],
      room_type: "living_room",
      style: "modern",
    },
  },
  getMultiview: {
    operationId: "getMultiview",
    method: "get",
    path: "/multiview",
    summary: "Read a multi-view set",
    description:
      "Envelope `processing` until every view row is terminal, then `completed`, or `failed` when the anchor failed " +
      "(`error.code` `anchor_failed`). Sibling failures show in `result.failed` and the view's `error`. Unknown set: 404.",
    style: "envelope",
    preview: "multiview",
    paidOnly: true,
    billing: "Free: no quota, no credits; `credits_charged` is null.",
    query: MultiviewStatusQuerySchema,
    response: MultiviewStatusSchema,
    errors: ["not_found"],
  },
  redoMultiview: {
    operationId: "redoMultiview",
    method: "post",
    path: "/multiview/redo",
    summary: "Redo one sibling view",
    description:
      "Only sibling rows (`view_index` ≥ 1) that are terminal and were charged at least once; the anchor, a running or a skipped " +
      "row → 400 `view_not_redoable`. At most 4 attempts per row, the first generation included; the fifth → 400 " +
      "`redo_limit_exceeded`. The same row (same `job_id`) is reused and its gate verdict cleared. Unknown set or view → 404.",
    style: "envelope",
    preview: "multiview",
    paidOnly: true,
    generation: true,
    billing: `1 quota unit when the redo starts (nothing when it does not), none for a \`review_redo\` (D17); credits always ${CREDIT_COSTS.multiviewRedo} (\`credits_charged: ${CREDIT_COSTS.multiviewRedo}\`).`,
    body: MultiviewRedoRequestSchema,
    response: MultiviewRedoSchema,
    errors: ["view_not_redoable", "redo_limit_exceeded", "not_under_review", "free_redo_limit", "not_found"],
    example: { render_set_id: "7d8b5c1e-2f4a-4b7e-9a61-3c2d1e0f9a8b", view_index: 1 },
  },
  inpaint: {
    operationId: "inpaint",
    method: "post",
    path: "/inpaint",
    summary: "Masked image edit",
    description:
      "The mask is white where the image is to change; a mask of another size is scaled to the image. `metadata.brush_type` is " +
      "`mask`. The first `output_urls` item can be sent to /upscale." +
      SYNC_NOTE,
    style: "envelope",
    generation: true,
    billing: paidRouteNote(CREDIT_COSTS.inpaint),
    body: InpaintRequestSchema,
    response: InpaintResponseSchema,
    errors: ["insufficient_credits", ...SOURCE_ERRORS, ...SYNC_ERRORS],
    example: { submitted_url: URL, mask_url: "https://example.com/photos/mask.png", inpainting_type: "remove", render_type: "interior" },
  },
  upscale: {
    operationId: "upscale",
    method: "post",
    path: "/upscale",
    summary: "Upscale an image 2×",
    description:
      "The output is twice the input's width and height, capped at 8192 pixels on the long side. `output_urls` are the " +
      "service's stored copies; `provider_output_urls` what the provider returned." +
      SYNC_NOTE,
    style: "envelope",
    generation: true,
    billing: paidRouteNote(CREDIT_COSTS.upscale),
    body: UpscaleRequestSchema,
    response: UpscaleResponseSchema,
    errors: ["insufficient_credits", ...SOURCE_ERRORS, ...SYNC_ERRORS],
    example: { image_url: URL },
  },
  createVideo: {
    operationId: "createVideo",
    method: "post",
    path: "/video",
    summary: "Create a five-second video",
    description:
      "Premium or business plan. `duration` may be omitted (5); any other value → 400. `tail_image_url` is required for " +
      "`before_after`, optional for `reveal`. Poll `status_endpoint` (GET /video).",
    style: "envelope",
    generation: true,
    paidOnly: true,
    billing: paidRouteNote(CREDIT_COSTS.video),
    body: VideoRequestSchema,
    response: VideoCreatedSchema,
    errors: ["insufficient_credits", ...SOURCE_ERRORS],
    example: { mode: "zoom_in", image_url: URL, duration: 5 },
  },
  getVideo: {
    operationId: "getVideo",
    method: "get",
    path: "/video",
    summary: "Read a video job",
    description:
      "HTTP 200 with the envelope whatever the job's state; a failed job's envelope carries its code in `error`. `progress` " +
      "0 to 100 (100 once completed); `video_url` is null until completed and then an H.264 MP4 of exactly 5 seconds. Unknown job: 404.",
    style: "envelope",
    billing: "Free: no quota, no credits; `credits_charged` is null.",
    query: VideoStatusQuerySchema,
    response: VideoStatusSchema,
    errors: ["not_found"],
  },
  me: {
    operationId: "me",
    method: "get",
    path: "/me",
    summary: "Read the account's usage",
    description:
      "Quota units per calendar month (UTC): `api_completed_month` counts units consumed this month, net of refunds; " +
      "`api_total_completed` all units ever consumed. Generation POSTs are refused with 403 `quota_exceeded` once " +
      "`api_completed_month >= api_monthly_quota`. The body is exactly these three fields; the headers " +
      `\`Atrium-Credit-Balance\` (the media-credit balance, an integer) and \`Atrium-Plan\` (${PLANS.slice(0, -1)
        .map((plan) => `\`${plan}\``)
        .join(", ")} or \`${PLANS.at(-1)}\`) ` +
      "say what is left to spend (D14).",
    style: "legacy",
    billing: "Free: no quota, no credits.",
    response: MeResponseSchema,
    errors: [],
  },
  deleteJob: {
    operationId: "deleteJob",
    method: "post",
    path: "/delete",
    summary: "Delete a legacy job group",
    description: "Deletes every job of the group and its stored outputs and cancels running work. Unknown or another account's id → 404.",
    style: "legacy",
    billing: "Free: no quota, no credits.",
    body: DeleteRequestSchema,
    response: DeleteResponseSchema,
    errors: ["not_found"],
    example: { jobId: "3f0c5a52-8a3e-4d4b-a2c1-6b9d0e7f1a23" },
  },
  describeProperty: {
    operationId: "describeProperty",
    method: "post",
    path: "/tools/property-description",
    summary: "Write a property description",
    description:
      "1 to 20 `images`, each base64 or a `data:image/(jpeg|png|webp);base64,` URL, at most 10 MB decoded each; an http(s) " +
      "URL → 400 `remote_images_not_supported`. The body may be up to 60 MB. `image_analysis` has one item per image, in order " +
      "(0-based `index`). `listing_id` is a new UUID per call." +
      SYNC_NOTE,
    style: "envelope",
    preview: "property_description",
    generation: true,
    billing: paidRouteNote(CREDIT_COSTS.propertyDescription),
    body: PropertyDescriptionRequestSchema,
    bodyLimitSetting: "V1_PROPERTY_BODY_LIMIT_BYTES",
    response: PropertyDescriptionResponseSchema,
    errors: ["insufficient_credits", "remote_images_not_supported", "unsupported_media", ...SYNC_ERRORS],
    example: { images: ["data:image/jpeg;base64,/9j/4AAQ…"], property_data: { property_type: "condo", price: 450000 } },
  },
} satisfies Record<string, V1Route>;

export type V1OperationId = keyof typeof V1_ROUTE_TABLE;

/** The routes in the contract's order. */
export const V1_ROUTES: V1Route[] = Object.values(V1_ROUTE_TABLE);

/** "METHOD /path": scopes idempotency keys, names the route in logs and suites. */
export const routeName = (route: Pick<V1Route, "method" | "path">) => `${route.method.toUpperCase()} ${route.path}`;

/** Every refusal a route can make: its own plus those implied by D2's order of checks. */
export function routeErrors(route: V1Route): V1ErrorCode[] {
  const codes: V1ErrorCode[] = ["missing_api_key", "invalid_api_key", "rate_limited", "internal_error"];
  if (route.method !== "get") codes.push("insufficient_scope");
  if (route.paidOnly) codes.push("plan_required");
  codes.push(...route.errors);
  if (route.preview) codes.push("feature_unavailable");
  if (route.body) codes.push("invalid_json", "payload_too_large", "invalid_request");
  if (route.query || route.generation) codes.push("invalid_request");
  if (route.generation) codes.push("quota_exceeded", "idempotency_conflict", "idempotency_key_reused");
  return [...new Set(codes)];
}
