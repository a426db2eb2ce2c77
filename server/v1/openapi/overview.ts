import "server-only";
import { CREDIT_COSTS, multiviewCost } from "@/shared/credit-costs";
import { MAX_LIVE_KEYS, MULTIVIEW_OTHER_VIEWS, PAID_PLANS } from "@/shared/vocabulary";

/** The document's introduction: the decisions that apply to every route. */
export function overviewDescription(errorTable: string): string {
  return `Interior-design image API. Every path is relative to \`{base_url}\`, which ends in \`/api/v1\`. Bodies are JSON.

## Authentication
Send the key in \`x-api-key\` on every request. Missing → 401 \`missing_api_key\`; unknown, revoked or past the end of a rotation's
overlap → 403 \`invalid_api_key\`. Jobs, lists, delete and account data are scoped to the key's account. Owners and admins make,
rotate and revoke keys in the studio's Developers section (at most ${MAX_LIVE_KEYS} working per account, rotated keys in their overlap included). A key is \`full\` or \`read_only\`: a
read-only key may call GET routes only; any other request → 403 \`insufficient_scope\`.

## Request ids
Every response carries \`x-request-id\` (\`req_…\`). Requests made with a live key are kept 30 days in the account's request log
(time, key prefix, method, route, status, latency, request id, Idempotency-Key, error code; never bodies, headers or secrets).

## Order of checks
- Preview route not enabled for this deployment → 404 \`feature_unavailable\`, before anything else.
- Missing key → 401 \`missing_api_key\`; unknown or revoked key → 403 \`invalid_api_key\`; a read-only key on anything but GET → 403 \`insufficient_scope\`.
- Rate limit exceeded → 429 \`rate_limited\` with \`Retry-After\`.
- Body not JSON or too large → 400 \`invalid_json\` / \`payload_too_large\`; schema violation → 400 \`invalid_request\` with \`details\` naming each bad field.
- Plan → 403 \`plan_required\`; quota (generation POSTs) → 403 \`quota_exceeded\`.
- Credits → 402 \`insufficient_credits\`.

Nothing is charged, counted or stored for a request refused at any of these steps.

## Billing
- Quota: every generation POST consumes one unit when accepted, calendar month in UTC. A redo that does not start gives its unit back; an idempotent replay consumes nothing; a generation that later fails keeps its unit.
- Media credits: /inpaint ${CREDIT_COSTS.inpaint}, /upscale ${CREDIT_COSTS.upscale}, /video ${CREDIT_COSTS.video}, /tools/property-description ${CREDIT_COSTS.propertyDescription}, /multiview ${CREDIT_COSTS.multiviewAnchor} for the anchor plus ${CREDIT_COSTS.multiviewSibling} per sibling as each starts (worst case ${multiviewCost(1 + MULTIVIEW_OTHER_VIEWS.max)}). /job, /multiview/redo, reads and /delete cost none.
- A charged generation that fails is refunded by a compensating ledger entry.
- \`credits_charged\`: \`null\` = no media debit for this request (every status read); \`0\` = a free operation or a completed compensating refund; 1 or more = credits retained.

## Plans
Multi-view and video need ${PAID_PLANS.map((plan) => `\`${plan}\``).join(" or ")}. POST /job outputs: 1 when \`fast\` is true, otherwise free 1, premium 2,
business 4. Rate limits per account per minute (all keys together): free 120, premium 600, business 2000 (deployment
settings); every authenticated response carries \`RateLimit-Policy\` and \`RateLimit\`.

## Limits (defaults, each a deployment setting)
JSON body 1 MB (property description 60 MB). Source images: http(s) only, at most 25 MB and 50 megapixels, JPEG/PNG/WebP,
fetch timeout 15 s, at most 3 redirects; private, loopback, link-local and metadata addresses are refused
(\`source_fetch_failed\`). Multi-view: 1 to 3 additional views; redo: 4 attempts per sibling view. Video: exactly 5 s.
Synchronous routes (/inpaint, /upscale, /tools/property-description) wait up to 300 s for the provider.

## Response shapes
Legacy routes (/job, /jobs, /jobs/{jobSource}, /me, /delete) answer flat bodies and errors as \`{"error","code","details?"}\`.
The others answer the envelope (\`job_id\`, \`status\`, \`result\`, \`error\`, \`credits_charged\`, \`timestamps\`); their errors are
a failed envelope. Success is HTTP 200 everywhere. Output URLs need no key: they are unguessable and, on S3, presigned.

## Idempotency
Generation POSTs accept \`Idempotency-Key\`: the same key and body within 24 h replay the first response without a second
charge (\`Idempotency-Replayed: true\`).

## Error codes
${errorTable}`;
}
