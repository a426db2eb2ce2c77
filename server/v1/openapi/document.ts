/**
 * The OpenAPI 3.1 document of the v1 API (D12), generated from the zod schemas the
 * service validates requests with, so the document cannot drift from the behaviour.
 */
import "server-only";
import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import type { OpenAPIObject } from "openapi3-ts/oas31";
import { z } from "zod";
import { env } from "@/env";
import { siteUrl } from "@/server/auth/site-url";
import { ErrorInfoSchema, TimestampsSchema } from "@/server/v1/schemas/common";
import { JobRecordSchema } from "@/server/v1/schemas/job";
import { InpaintResultSchema, UpscaleResultSchema, VideoCreatedResultSchema, VideoStatusResultSchema } from "@/server/v1/schemas/media";
import { MultiviewCreatedResultSchema, MultiviewRedoResultSchema, MultiviewStatusResultSchema } from "@/server/v1/schemas/multiview";
import { PropertyDescriptionResultSchema } from "@/server/v1/schemas/property-description";
import { ErrorCodeSchema, errorCodeTable, FailedEnvelopeSchema, LegacyErrorSchema } from "./components";
import { fixNullableRefs } from "./fix-nullable-refs";
import { overviewDescription } from "./overview";
import { HEADER_COMPONENTS, routeResponses } from "./responses";
import { V1_ROUTES, type V1Route } from "@/server/v1/routes";
import { WEBHOOKS } from "./webhooks";

export const PREVIEW_NOTE = "Limited preview: 404 feature_unavailable unless enabled for this deployment (V1_PREVIEW_FEATURES).";

/**
 * Components registered before any route, so a schema that routes only use as
 * `.nullable()` (envelope results, ErrorInfo) is generated as its plain self.
 */
const SHARED_SCHEMAS = [
  ErrorCodeSchema,
  ErrorInfoSchema,
  TimestampsSchema,
  FailedEnvelopeSchema,
  LegacyErrorSchema,
  JobRecordSchema,
  MultiviewCreatedResultSchema,
  MultiviewStatusResultSchema,
  MultiviewRedoResultSchema,
  InpaintResultSchema,
  UpscaleResultSchema,
  VideoCreatedResultSchema,
  VideoStatusResultSchema,
  PropertyDescriptionResultSchema,
];

const IdempotencyHeaders = z.object({
  "Idempotency-Key": z
    .string()
    .min(1)
    .max(255)
    .optional()
    .meta({
      description:
        "1 to 255 visible ASCII characters, scoped to the account. The same key and body within 24 h replays the first response " +
        "without a second charge; the same key with another body → 422 `idempotency_key_reused`; a duplicate while the first " +
        "is in flight → 409 `idempotency_conflict`. A request refused by validation stores nothing.",
    }),
});

function routeConfig(route: V1Route): RouteConfig {
  return {
    method: route.method,
    path: route.path,
    operationId: route.operationId,
    summary: route.summary,
    description: [route.preview ? PREVIEW_NOTE : null, route.description, `**Billing:** ${route.billing}`].filter(Boolean).join("\n\n"),
    tags: [route.preview ? "Preview" : route.style === "legacy" ? "Legacy jobs and account" : "Media"],
    ...(route.preview ? { "x-preview": true } : {}),
    "x-billing": route.billing,
    "x-response-style": route.style,
    request: {
      params: route.params,
      query: route.query,
      headers: route.generation ? IdempotencyHeaders : undefined,
      body: route.body ? { required: true, content: { "application/json": { schema: route.body, example: route.example } } } : undefined,
    },
    responses: routeResponses(route),
  };
}

export function buildOpenApiDocument(): OpenAPIObject {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "ApiKey", {
    type: "apiKey",
    in: "header",
    name: "x-api-key",
    description:
      "An API key (`idk_…`), shown once at creation. Missing → 401 `missing_api_key`; unknown or revoked → 403 `invalid_api_key`.",
  });
  for (const [name, header] of Object.entries(HEADER_COMPONENTS)) registry.registerComponent("headers", name, header);
  for (const route of V1_ROUTES) registry.registerPath(routeConfig(route));
  for (const webhook of WEBHOOKS) registry.registerWebhook(webhook);

  const definitions: OpenAPIRegistry["definitions"] = [
    ...SHARED_SCHEMAS.map((schema) => ({ type: "schema" as const, schema })),
    ...registry.definitions,
  ];
  const document = new OpenApiGeneratorV31(definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Atrium image API",
      version: "1.0.0",
      description: overviewDescription(errorCodeTable()),
      // The licence of this description, as of the SDK generated from it (packages/sdk/LICENSE).
      license: { name: "MIT", identifier: "MIT" },
    },
    // Absolute, as generators and validators expect: the deployment's configured public URL (README "Settings": APP_URL).
    servers: [{ url: `${(siteUrl() ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "")}/api/v1`, description: "This deployment" }],
    security: [{ ApiKey: [] }],
    tags: [
      { name: "Legacy jobs and account", description: "Flat legacy bodies; errors are `{error, code, details?}`." },
      { name: "Media", description: "Envelope bodies; errors are the failed envelope." },
      { name: "Preview", description: PREVIEW_NOTE },
    ],
  });
  return fixNullableRefs(document);
}
