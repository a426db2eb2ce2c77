/**
 * A page that hosts an MCP App view as an MCP host does (test/mcp-app-host-page.ts, bundled
 * here with esbuild): give it the resource's HTML and CSP, and the tool call's input and
 * result. The CSP is the one a host builds from the resource's `_meta.ui.csp`: scripts and
 * styles inline only, images and media from its resource domains.
 */
import path from "node:path";
import { build } from "esbuild";

export function viewPolicy(resourceDomains: string[]): string {
  const domains = resourceDomains.join(" ");
  return `default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src ${domains} data:; media-src ${domains}; connect-src 'none'`;
}

export async function hostPage(data: { html: string; csp: string; input: Record<string, unknown>; result: unknown }): Promise<string> {
  const bundled = await build({
    entryPoints: [path.resolve(import.meta.dirname, "mcp-app-host-page.ts")],
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    write: false,
  });
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  const script = bundled.outputFiles[0].text.replace(/<\/(script)/gi, "<\\/$1");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>MCP host</title></head><body style="margin:16px;font-family:system-ui">
<h1 style="font-size:16px">Assistant</h1><script type="application/json" id="host-data">${json}</script><script>${script}</script></body></html>`;
}
