/**
 * The MCP server at /api/mcp over HTTP against the real app: an MCP client with an API
 * key lists the tools and stages a photo (charged once, as the API charges, an
 * Idempotency-Key replayed); refusals come from the API as tool errors; requests without
 * a valid key, or from another site (Origin) or under another name (Host), are refused
 * before any tool runs.
 */
import http from "node:http";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { beforeAll, describe, expect, it } from "vitest";
import { v1Functions } from "@/inngest/functions/v1";
import { useAppStack } from "@/test/app-stack";
import { makeAccount } from "@/test/fixtures";
import { roomPhoto } from "@/test/images";

const stack = useAppStack({ functions: v1Functions, fixtures: true });
let photoUrl: string;

beforeAll(async () => {
  photoUrl = stack.fixtures.serve("/room.jpg", await roomPhoto(160, 120));
});

async function connect(apiKey: string): Promise<Client> {
  const client = new Client({ name: "atrium-test", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
  const transport = new StreamableHTTPClientTransport(new URL(`${stack.app.url}/api/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${apiKey}` } },
  });
  await client.connect(transport);
  return client;
}

const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
});

/** A raw POST with exactly these headers (Host included, which fetch would not let us choose). */
function post(headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const url = new URL(`${stack.app.url}/api/mcp`);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      },
      (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      },
    );
    request.on("error", reject);
    request.end(INITIALIZE);
  });
}

describe("/api/mcp", () => {
  it("lists the tools and stages a photo with an API key, charged once per Idempotency-Key", async () => {
    const { apiKey } = await makeAccount({ plan: "business" });
    const client = await connect(apiKey);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(
        [
          "create_multiview",
          "create_video",
          "describe_property",
          "get_job_status",
          "get_usage",
          "inpaint",
          "stage_photo",
          "upscale",
        ].sort(),
      );
      expect(tools.find((tool) => tool.name === "get_usage")?.annotations?.readOnlyHint).toBe(true);

      const args = {
        source_url: photoUrl,
        room_type: "Living Room",
        redesign_type: "staging",
        style: "Scandinavian",
        fast: true,
        idempotency_key: "mcp-stage-1",
      };
      const staged = await client.callTool({ name: "stage_photo", arguments: args });
      expect(staged.isError).toBeFalsy();
      expect(staged.structuredContent).toMatchObject({
        status: "completed",
        provider: "local",
        output_urls: [expect.stringMatching(/^http/)],
        output_checks: [expect.objectContaining({ verdict: "pass" })],
      });
      const again = await client.callTool({ name: "stage_photo", arguments: args });
      expect(staged.structuredContent).toMatchObject({ replayed: false });
      expect(again.structuredContent).toMatchObject({ job_id: (staged.structuredContent as { job_id: string }).job_id, replayed: true });

      const usage = await client.callTool({ name: "get_usage", arguments: {} });
      expect(usage.structuredContent).toMatchObject({ api_completed_month: 1, plan: "business" });
      const status = await client.callTool({
        name: "get_job_status",
        arguments: { job_id: (staged.structuredContent as { job_id: string }).job_id },
      });
      expect(status.structuredContent).toMatchObject({ kind: "staging", status: "completed" });
    } finally {
      await client.close();
    }
  });

  it("links the staging, multi-view and video tools to the result view, serves it as an MCP App, and answers in words for hosts without apps", async () => {
    const { apiKey } = await makeAccount({ plan: "business" });
    const client = await connect(apiKey);
    try {
      const { tools } = await client.listTools();
      const withView = tools.filter(
        (tool) => (tool._meta as { ui?: { resourceUri?: string } } | undefined)?.ui?.resourceUri === "ui://atrium/result.html",
      );
      expect(withView.map((tool) => tool.name).sort()).toEqual(["create_multiview", "create_video", "stage_photo"]);
      const [view] = (await client.readResource({ uri: "ui://atrium/result.html" })).contents as unknown as {
        mimeType: string;
        text: string;
        _meta: { ui: { csp: { resourceDomains: string[] } } };
      }[];
      expect(view.mimeType).toBe("text/html;profile=mcp-app");
      expect(view.text).toMatch(/^<!doctype html>/);
      expect(view._meta.ui.csp.resourceDomains).toEqual([stack.app.url]);

      const staged = await client.callTool({
        name: "stage_photo",
        arguments: { source_url: photoUrl, room_type: "living_room", redesign_type: "staging", style: "modern", fast: true },
      });
      expect(staged.structuredContent).toMatchObject({
        source_url: photoUrl,
        disclosure: "Style preview",
        output_checks: [expect.objectContaining({ verdict: expect.stringMatching(/^(pass|review)$/) })],
      });
      const [words] = staged.content as { text: string }[];
      const { output_urls } = staged.structuredContent as { output_urls: string[] };
      expect(words.text).toContain('Label it "Style preview"');
      expect(words.text).toContain(`1. ${output_urls[0]} (before: ${photoUrl}).`);
    } finally {
      await client.close();
    }
  });

  it("hands the property description every fact the API takes (bedrooms, bathrooms, currency, highlights)", async () => {
    const { apiKey } = await makeAccount({ plan: "business" });
    const client = await connect(apiKey);
    try {
      const property_data = {
        property_type: "house",
        price: 320000,
        currency: "EUR",
        bedrooms: 3,
        bathrooms: 2,
        highlights: ["new roof in 2024"],
      };
      const images = [(await roomPhoto(160, 120)).toString("base64")];
      const described = await client.callTool({ name: "describe_property", arguments: { images, property_data } });
      expect(described.isError).toBeFalsy();
      const { description } = described.structuredContent as { description: string };
      expect(description).toMatch(/3 bedrooms and 2 bathrooms/);
      expect(description).toContain("€320,000");
      expect(description).toContain("New roof in 2024.");
    } finally {
      await client.close();
    }
  });

  it("answers the API's refusals as tool errors with their code, and bad arguments before any call", async () => {
    const { apiKey } = await makeAccount({ plan: "free", credits: 0 });
    const client = await connect(apiKey);
    try {
      const poor = await client.callTool({ name: "upscale", arguments: { image_url: photoUrl } });
      expect(poor.isError).toBe(true);
      expect(JSON.stringify(poor.content)).toContain("insufficient_credits (HTTP 402)");
      const plan = await client.callTool({ name: "create_video", arguments: { mode: "zoom_in", image_url: photoUrl } });
      expect(JSON.stringify(plan.content)).toContain("plan_required (HTTP 403)");
      const bad = await client.callTool({
        name: "inpaint",
        arguments: { submitted_url: photoUrl, mask_url: photoUrl, inpainting_type: "erase", render_type: "interior" },
      });
      expect(bad.isError).toBe(true);
    } finally {
      await client.close();
    }
  });

  it("refuses a request without a key or with an unknown one (401, Bearer challenge)", async () => {
    const anonymous = await post({});
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers["www-authenticate"]).toMatch(/^Bearer /);
    const unknown = await post({ authorization: "Bearer idk_not-a-real-key" });
    expect(unknown.status).toBe(401);
    expect(JSON.parse(unknown.body)).toMatchObject({ error: "invalid_token" });
    await expect(connect("idk_not-a-real-key")).rejects.toThrow();
  });

  it("refuses another site's Origin and another Host name (DNS rebinding), even with a valid key", async () => {
    const { apiKey } = await makeAccount();
    const authorization = `Bearer ${apiKey}`;
    expect((await post({ authorization })).status).toBe(200);
    expect((await post({ authorization, origin: `http://127.0.0.1:${new URL(stack.app.url).port}` })).status).toBe(200);
    expect((await post({ authorization, origin: "https://evil.example" })).status).toBe(403);
    expect((await post({ authorization, host: `evil.example:${new URL(stack.app.url).port}` })).status).toBe(403);
  });
});
