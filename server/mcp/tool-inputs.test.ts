/**
 * Each MCP tool takes exactly what its v1 route takes: the tool's input schema, as an
 * MCP client lists it, is the route's request-body schema from the OpenAPI document
 * (built from the zod schemas the route validates with), plus only the tool's steering
 * fields. A field added to a route's schema reaches its tool, and none can be dropped.
 */
import { createAtriumClient } from "@atrium/sdk";
import { createAtriumMcpServer, TOOL_ROUTES } from "@atrium/sdk/mcp";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { beforeAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/server/v1/openapi/document";
import { requestBodySchemas } from "@/server/v1/openapi/request-body-schemas";
import { V1_ROUTE_TABLE } from "@/server/v1/routes";

/** Fields a tool adds beside its route's body: how to call, never what to send. */
const STEERING_FIELDS = ["idempotency_key", "wait"];
/** Tools that read by id or take nothing, so have no request body to mirror. */
const READ_TOOLS = ["get_job_status", "get_usage"];

type Schema = { type?: string; properties?: Record<string, unknown>; required?: string[] };
let tools: { name: string; inputSchema: Schema }[];

beforeAll(async () => {
  const server = createAtriumMcpServer(createAtriumClient({ baseUrl: "http://127.0.0.1:9/api/v1", apiKey: "idk_unused" }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "schema-check", version: "1.0.0" });
  await client.connect(clientSide);
  tools = (await client.listTools()).tools as typeof tools;
  await client.close();
});

describe("the MCP tools' inputs", () => {
  const bodies = requestBodySchemas(buildOpenApiDocument());

  it("are each a route's request body, or a read that sends none", () => {
    for (const tool of tools) expect(tool.name in TOOL_ROUTES || READ_TOOLS.includes(tool.name), tool.name).toBe(true);
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(Object.keys(TOOL_ROUTES)));
  });

  it.each(Object.entries(TOOL_ROUTES))("%s takes exactly the body of %s, plus its steering fields", (name, operationId) => {
    const tool = tools.find((candidate) => candidate.name === name)!;
    expect(V1_ROUTE_TABLE[operationId].body, `${operationId} takes a body`).toBeDefined();
    const { properties = {}, ...rest } = tool.inputSchema;
    const bodyFields = Object.fromEntries(Object.entries(properties).filter(([field]) => !STEERING_FIELDS.includes(field)));
    expect({ ...rest, properties: bodyFields }).toEqual(bodies[operationId]);
  });

  it("give the property description every fact the route takes", () => {
    const { properties } = tools.find((tool) => tool.name === "describe_property")!.inputSchema;
    const facts = (properties!.property_data as Schema).properties!;
    expect(Object.keys(facts)).toEqual(
      expect.arrayContaining(["bedrooms", "bathrooms", "currency", "highlights", "price", "property_type"]),
    );
  });

  it("take the photos' keep masks as they take the photos (D17)", () => {
    const field = (tool: string, name: string) =>
      (tools.find((candidate) => candidate.name === tool)!.inputSchema.properties ?? {})[name] as Schema & {
        format?: string;
        items?: Schema;
      };
    expect(field("stage_photo", "keep_mask_url")).toMatchObject({ type: "string", format: "uri" });
    expect(field("create_multiview", "keep_mask_url")).toMatchObject({ type: "string", format: "uri" });
    expect(field("create_multiview", "additional_keep_mask_urls")).toMatchObject({ type: "array", items: { type: ["string", "null"] } });
  });

  it("of GET /me's tool are empty", () => {
    expect(V1_ROUTE_TABLE.me).not.toHaveProperty("body");
    expect(Object.keys(tools.find((tool) => tool.name === "get_usage")!.inputSchema.properties ?? {})).toEqual([]);
  });
});
