import { describe, expect, it } from "vitest";
import { V1_ERROR_CODES } from "@/server/errors";
import { FailedEnvelopeSchema, LegacyErrorSchema } from "./components";
import { buildOpenApiDocument } from "./document";
import { V1_ROUTES } from "@/server/v1/routes";

const document = buildOpenApiDocument();
type Json = Record<string, unknown>;

// The 13 routes of the contract with the error statuses each must document, from D2's
// order of checks and the per-route rules of docs/v1-api.md and docs/decisions.md.
const EXPECTED: Record<string, number[]> = {
  "post /job": [400, 401, 403, 409, 422, 429, 500],
  "get /jobs": [400, 401, 403, 429, 500],
  "get /jobs/{jobSource}": [400, 401, 403, 404, 429, 500],
  "post /multiview": [400, 401, 402, 403, 404, 409, 422, 429, 500],
  "get /multiview": [400, 401, 403, 404, 429, 500],
  "post /multiview/redo": [400, 401, 403, 404, 409, 422, 429, 500],
  "post /inpaint": [400, 401, 402, 403, 409, 422, 429, 500, 502, 503],
  "post /upscale": [400, 401, 402, 403, 409, 422, 429, 500, 502, 503],
  "post /video": [400, 401, 402, 403, 409, 422, 429, 500],
  "get /video": [400, 401, 403, 404, 429, 500],
  "get /me": [401, 403, 429, 500],
  "post /delete": [400, 401, 403, 404, 429, 500],
  "post /tools/property-description": [400, 401, 402, 403, 404, 409, 422, 429, 500, 502, 503],
};
const LEGACY = ["post /job", "get /jobs", "get /jobs/{jobSource}", "get /me", "post /delete"];
const PREVIEW = ["post /multiview", "get /multiview", "post /multiview/redo", "post /tools/property-description"];
const GENERATION = [
  "post /job",
  "post /multiview",
  "post /multiview/redo",
  "post /inpaint",
  "post /upscale",
  "post /video",
  "post /tools/property-description",
];

function operations(): [string, Json][] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Json).map(([method, operation]) => [`${method} ${path}`, operation as Json] as [string, Json]),
  );
}

function resolve(pointer: string): unknown {
  expect(pointer.startsWith("#/")).toBe(true);
  return pointer
    .slice(2)
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((node, part) => (node as Json | undefined)?.[part], document);
}

function collectRefs(node: unknown, refs: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((item) => collectRefs(item, refs));
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") refs.push(value);
      else collectRefs(value, refs);
    }
  }
  return refs;
}

const response = (operation: Json, status: number) => (operation.responses as Json)[String(status)] as Json;
const bodySchemaRef = (r: Json) => ((r.content as Json)["application/json"] as Json).schema as Json;

describe("the OpenAPI document", () => {
  it("is an OpenAPI 3.1 document of exactly the 13 routes, served under /api/v1 with the x-api-key scheme", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers?.[0].url).toBe(`${process.env.APP_URL}/api/v1`);
    expect(
      operations()
        .map(([key]) => key)
        .sort(),
    ).toEqual(Object.keys(EXPECTED).sort());
    expect(document.components?.securitySchemes?.ApiKey).toMatchObject({ type: "apiKey", in: "header", name: "x-api-key" });
    expect(document.security).toEqual([{ ApiKey: [] }]);
    expect(new Set(V1_ROUTES.map((r) => r.operationId)).size).toBe(13);
  });

  it("gives generators what they ask for: a licence, an operationId on every operation and webhook, and no component left unused", () => {
    expect(document.info.license).toEqual({ name: "MIT", identifier: "MIT" });
    const webhookOperations = Object.values(document.webhooks ?? {}).flatMap((item) => Object.values(item as Json)) as Json[];
    expect(webhookOperations.map((operation) => operation.operationId)).toEqual(["onJobCompleted", "onJobFailed", "onWebhookTest"]);
    const ids = [
      ...operations().map(([, operation]) => operation.operationId),
      ...webhookOperations.map((operation) => operation.operationId),
    ];
    expect(new Set(ids).size).toBe(ids.length);
    const referenced = new Set(collectRefs({ ...document, components: undefined }));
    // A component may be reached only through another one: follow references to a fixed point.
    for (let size = 0; size !== referenced.size;) {
      size = referenced.size;
      for (const ref of [...referenced]) collectRefs(resolve(ref)).forEach((next) => referenced.add(next));
    }
    const components = Object.entries(document.components ?? {})
      .filter(([kind]) => kind !== "securitySchemes")
      .flatMap(([kind, items]) => Object.keys(items as Json).map((name) => `#/components/${kind}/${name}`));
    expect(components.filter((component) => !referenced.has(component))).toEqual([]);
  });

  it("resolves every $ref", () => {
    const refs = collectRefs(document);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of new Set(refs)) expect(resolve(ref), ref).toBeDefined();
  });

  it("documents every error status of every route, with the route's error body", () => {
    for (const [key, operation] of operations()) {
      const statuses = Object.keys(operation.responses as Json).map(Number);
      expect(
        statuses.sort((a, b) => a - b),
        key,
      ).toEqual([200, ...EXPECTED[key]]);
      const errorBody = LEGACY.includes(key) ? "#/components/schemas/LegacyError" : "#/components/schemas/FailedEnvelope";
      for (const status of EXPECTED[key]) expect(bodySchemaRef(response(operation, status)).$ref, `${key} ${status}`).toBe(errorBody);
    }
  });

  it("has error examples that are valid bodies of their style and status", () => {
    for (const [key, operation] of operations()) {
      for (const status of EXPECTED[key]) {
        const examples = ((response(operation, status).content as Json)["application/json"] as Json).examples as Json;
        for (const [code, example] of Object.entries(examples)) {
          const value = (example as Json).value;
          const schema = LEGACY.includes(key) ? LegacyErrorSchema : FailedEnvelopeSchema;
          expect(schema.safeParse(value).success, `${key} ${code}`).toBe(true);
          expect(V1_ERROR_CODES).toContain(code);
        }
      }
    }
  });

  it("documents 403 insufficient_scope on every route but the GETs (read-only keys, D16)", () => {
    for (const [key, operation] of operations()) {
      const forbidden = Object.keys(((response(operation, 403).content as Json)["application/json"] as Json).examples as Json);
      expect(forbidden.includes("insufficient_scope"), key).toBe(!key.startsWith("get "));
    }
  });

  it("marks the preview routes and documents their 404 feature_unavailable", () => {
    for (const [key, operation] of operations()) {
      const preview = PREVIEW.includes(key);
      expect(operation["x-preview"] === true, key).toBe(preview);
      if (!preview) continue;
      expect(operation.description).toContain("404 feature_unavailable unless enabled");
      expect(Object.keys(((response(operation, 404).content as Json)["application/json"] as Json).examples as Json)).toContain(
        "feature_unavailable",
      );
    }
  });

  it("takes Idempotency-Key on the generation POSTs only, and documents the request-id, rate-limit and Link headers", () => {
    for (const [key, operation] of operations()) {
      const parameters = (operation.parameters ?? []) as Json[];
      const idempotency = parameters.find((p) => p.name === "Idempotency-Key");
      expect(Boolean(idempotency), key).toBe(GENERATION.includes(key));
      if (idempotency) expect(idempotency).toMatchObject({ in: "header", required: false });
      expect(Object.keys(response(operation, 200).headers as Json), key).toEqual(
        expect.arrayContaining(["X-Request-Id", "RateLimit-Policy", "RateLimit"]),
      );
      // Every answer, refusals included, names its request (D16).
      for (const status of EXPECTED[key])
        expect(Object.keys(response(operation, status).headers as Json), `${key} ${status}`).toContain("X-Request-Id");
      expect(Object.keys(response(operation, 429).headers as Json), key).toContain("Retry-After");
      if (EXPECTED[key].includes(503)) expect(Object.keys(response(operation, 503).headers as Json), key).toContain("Retry-After");
    }
    const listJobs = operations().find(([key]) => key === "get /jobs")![1];
    expect(response(listJobs, 200).headers).toHaveProperty("Link");
    expect(((listJobs.parameters as Json[]) ?? []).map((p) => p.name).sort()).toEqual(["cursor", "limit"]);
  });

  it("documents the request side of normalizing schemas and the error code table", () => {
    const job = document.components?.schemas?.JobRequest as Json;
    expect(job.required).toEqual(expect.arrayContaining(["source_url", "room_type", "redesign_type"]));
    expect((job.properties as Json).room_type).toMatchObject({ type: "string" });
    const codes = document.components?.schemas?.ErrorCode as Json;
    expect(codes.enum).toEqual([...V1_ERROR_CODES]);
    expect(codes.description).toContain("| `idempotency_key_reused` | 422 |");
    expect(document.components?.schemas?.FailedEnvelope).toMatchObject({
      properties: { error: { properties: { code: { $ref: "#/components/schemas/ErrorCode" } } } },
    });
    expect(document.components?.schemas?.LegacyError).toMatchObject({ properties: { code: { $ref: "#/components/schemas/ErrorCode" } } });
  });

  it("lets envelope results and errors be null without making their components nullable", () => {
    const envelope = (document.components?.schemas?.InpaintResponse as Json).properties as Json;
    expect(envelope.result).toEqual({ anyOf: [{ $ref: "#/components/schemas/InpaintResult" }, { type: "null" }] });
    expect(envelope.error).toEqual({ anyOf: [{ $ref: "#/components/schemas/ErrorInfo" }, { type: "null" }] });
    expect((document.components?.schemas?.InpaintResult as Json).type).toBe("object");
    expect((document.components?.schemas?.ErrorInfo as Json).type).toBe("object");
  });

  it("has request examples the service's own schemas accept", () => {
    for (const route of V1_ROUTES.filter((r) => r.body)) {
      expect(route.example, route.path).toBeDefined();
      expect(route.body!.safeParse(route.example).success, route.path).toBe(true);
    }
  });

  it("describes the preview webhooks with the D11 body, the contract's and Standard Webhooks' signature headers (D16)", () => {
    expect(Object.keys(document.webhooks ?? {}).sort()).toEqual(["job.completed", "job.failed", "webhook.test"]);
    const post = (document.webhooks?.["job.completed"] as Json).post as Json;
    expect(((post.parameters as Json[]) ?? []).map((p) => p.name).sort()).toEqual([
      "X-Service-Signature",
      "X-Service-Timestamp",
      "webhook-id",
      "webhook-signature",
      "webhook-timestamp",
    ]);
    const event = document.components?.schemas?.WebhookEvent as Json;
    expect(event.required).toEqual(expect.arrayContaining(["api_version", "id", "type", "created_at", "data"]));
  });
});
