/**
 * The responses of one route: 200 with its body, then one response per error status
 * the route can answer with, each listing its codes and showing an example body in the
 * route's style (legacy `{error, code}` or the failed envelope).
 */
import "server-only";
import type { ResponseConfig } from "@asteasolutions/zod-to-openapi";
import type { HeaderObject } from "openapi3-ts/oas31";
import { ERROR_CODES } from "@/server/errors";
import { PlanSchema } from "@/server/v1/schemas/job";
import { FailedEnvelopeSchema, LegacyErrorSchema, statusOf, type V1ErrorCode } from "./components";
import { routeErrors, type V1Route } from "@/server/v1/routes";

const ref = (kind: "headers", name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** Response headers as components, referenced from every response. */
export const HEADER_COMPONENTS: Record<string, HeaderObject> = {
  "X-Request-Id": {
    description:
      "Every response, refusals and unknown paths included: this request's id (`req_` and 32 hex digits). The account's request log in the " +
      "studio's Developers section lists it; quote it when asking for help (D16).",
    required: true,
    schema: { type: "string", pattern: "^req_[0-9a-f]{32}$" },
  },
  "RateLimit-Policy": {
    description:
      'The account\'s per-minute policy (IETF RateLimit draft), e.g. `"default";q=600;w=60`. Sent once the key is authenticated.',
    schema: { type: "string" },
  },
  RateLimit: {
    description: 'Requests remaining and seconds until the window resets, e.g. `"default";r=599;t=60`. Sent once the key is authenticated.',
    schema: { type: "string" },
  },
  "Retry-After": {
    description: "Seconds to wait before retrying (429 and 503 only).",
    required: true,
    schema: { type: "integer", minimum: 1 },
  },
  Link: {
    description: 'The next page, as `<{base_url}/jobs?limit=50&cursor=…>; rel="next"`; absent on the last page.',
    schema: { type: "string" },
  },
  "Atrium-Credit-Balance": {
    description: "GET /me only: the account's media-credit balance, an integer (D14).",
    required: true,
    schema: { type: "integer", minimum: 0 },
  },
  "Atrium-Plan": {
    description: "GET /me only: the account's plan (D14).",
    required: true,
    schema: { type: "string", enum: [...PlanSchema.options] },
  },
  "Idempotency-Replayed": {
    description: "`true` when this response replays the first response sent for the same Idempotency-Key and body.",
    schema: { type: "string", enum: ["true"] },
  },
};

const rateLimitHeaders = {
  "X-Request-Id": ref("headers", "X-Request-Id"),
  "RateLimit-Policy": ref("headers", "RateLimit-Policy"),
  RateLimit: ref("headers", "RateLimit"),
};

function successHeaders(route: V1Route) {
  return {
    ...rateLimitHeaders,
    ...(route.operationId === "listJobs" ? { Link: ref("headers", "Link") } : {}),
    ...(route.operationId === "me"
      ? { "Atrium-Credit-Balance": ref("headers", "Atrium-Credit-Balance"), "Atrium-Plan": ref("headers", "Atrium-Plan") }
      : {}),
    ...(route.generation ? { "Idempotency-Replayed": ref("headers", "Idempotency-Replayed") } : {}),
  };
}

function errorExample(route: V1Route, code: V1ErrorCode) {
  const message = ERROR_CODES[code].message;
  if (route.style === "legacy") return { error: message, code };
  const now = "2025-01-01T12:00:00.000Z";
  return {
    job_id: null,
    status: "failed",
    result: null,
    error: { code, message },
    credits_charged: null,
    timestamps: { created_at: now, updated_at: now, completed_at: now },
  };
}

function errorResponse(route: V1Route, status: number, codes: V1ErrorCode[]): ResponseConfig {
  const schema = route.style === "legacy" ? LegacyErrorSchema : FailedEnvelopeSchema;
  const examples = Object.fromEntries(codes.map((code) => [code, { summary: code, value: errorExample(route, code) }]));
  return {
    description: `${codes.map((code) => `\`${code}\``).join(", ")}.`,
    headers: status === 429 || status === 503 ? { ...rateLimitHeaders, "Retry-After": ref("headers", "Retry-After") } : rateLimitHeaders,
    content: { "application/json": { schema, examples } },
  };
}

export function routeResponses(route: V1Route): Record<string, ResponseConfig> {
  const byStatus = new Map<number, V1ErrorCode[]>();
  for (const code of routeErrors(route)) byStatus.set(statusOf(code), [...(byStatus.get(statusOf(code)) ?? []), code]);
  const responses: Record<string, ResponseConfig> = {
    200: { description: "Success.", headers: successHeaders(route), content: { "application/json": { schema: route.response } } },
  };
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) responses[status] = errorResponse(route, status, codes);
  return responses;
}
