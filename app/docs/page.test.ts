import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { V1_ERROR_CODES } from "@/server/errors";
import DocsPage from "./page";

describe("the docs page", () => {
  const html = renderToStaticMarkup(createElement(DocsPage));
  const text = html
    .replace(/<[^>]+>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

  it("has a section with a curl example for each of the 13 routes", () => {
    expect(html.match(/<section id="/g)).toHaveLength(18); // the quickstart, the overview, 13 routes, the webhooks, the SDK and AI assistants
    for (const line of [
      'POST "$ATRIUM_BASE_URL/job"',
      'GET "$ATRIUM_BASE_URL/jobs?limit=10"',
      'GET "$ATRIUM_BASE_URL/jobs/$JOB_ID"',
      'GET "$ATRIUM_BASE_URL/multiview?render_set_id=$RENDER_SET_ID"',
      'GET "$ATRIUM_BASE_URL/video?job_id=$JOB_ID"',
      'POST "$ATRIUM_BASE_URL/tools/property-description"',
    ]) {
      expect(text).toContain(`curl -X ${line}`);
    }
    expect(text).toContain('"redesign_type": "virtual staging"');
  });

  it("lists request fields, every error code and the preview marker", () => {
    expect(text).toContain("additional_view_urls");
    expect(text).toContain("generation_settings.tone");
    for (const code of V1_ERROR_CODES) expect(text).toContain(code);
    expect(text).toContain("404 feature_unavailable unless enabled");
    expect(text).toContain("X-Service-Signature");
  });

  it("opens with a quickstart: a key from the studio, a first call, a verified webhook, and each workflow in curl (D16)", () => {
    expect(html.indexOf('id="quickstart"')).toBeLessThan(html.indexOf('id="overview"'));
    for (const anchor of [
      "get-a-key",
      "first-call",
      "verify-a-webhook",
      "stage-a-photo",
      "multi-view",
      "inpaint-upscale",
      "property-description",
    ]) {
      expect(html).toContain(`id="${anchor}"`);
    }
    expect(text).toContain("Create key");
    expect(text).toContain('curl -i "$ATRIUM_BASE_URL/me" -H "x-api-key: $ATRIUM_API_KEY"');
    expect(text).not.toMatch(/uuidgen|\$BASE_URL|\$API_KEY|process\.env\.(BASE_URL|API_KEY)\b/);
    for (const label of ["curl", "TypeScript", "Python"]) expect(html).toContain(`>${label}</button>`);
  });

  it("shows the SDK and how to connect an AI assistant", () => {
    expect(text).toContain('import { createAtriumClient, isAtriumError } from "@atrium/sdk";');
    expect(text).toContain("npm pack -w packages/sdk");
    expect(text).toContain('/api/mcp",');
    expect(text).toContain('"Authorization": "Bearer idk_…"');
    expect(text).toContain('"args": ["/absolute/path/to/your-project/node_modules/@atrium/sdk/dist/mcp/stdio.js"]');
    expect(text).not.toContain('"command": "npx"');
    for (const app of ["Claude Code", "Cursor", "Claude Desktop"]) expect(text).toContain(app);
    expect(text).toMatch(/Node \d+\.\d+ or later/);
    for (const tool of [
      "stage_photo",
      "get_job_status",
      "inpaint",
      "upscale",
      "create_video",
      "create_multiview",
      "describe_property",
      "get_usage",
    ])
      expect(text).toContain(tool);
  });

  it("links only to this deployment", () => {
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(html).toContain('href="/api/openapi.json"');
  });
});
