/**
 * Figure 6: first-load JavaScript (gzipped) of every page of the production build, from
 * the build's own manifests: the root main files every page loads, plus the chunks of the
 * route's segments (entryJSFiles) and of every client component the route references
 * (its client reference manifest). That union is an upper bound of what the first visit
 * downloads. Pages that render without a session are cross-checked against the
 * <script src> tags of their HTML from `next start`. Baseline: the root main files alone
 * (React and the Next runtime, what an empty page ships).
 */
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import zlib from "node:zlib";
import type { Figure } from "../lib/report";
import { BUILD_DIR } from "../lib/build";
import { kb, ratio, times } from "../lib/stats";

const NEXT_DIR = path.join(BUILD_DIR, ".next");
const TARGET_BYTES = 200 * 1024;
const gzipCache = new Map<string, number>();

function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(path.join(NEXT_DIR, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

const total = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + gzipSize(f), 0);
const chunkPath = (file: string) => file.replace(/^\/?_next\//, "");

function pageChunks(route: string): Set<string> {
  const source = fs.readFileSync(path.join(NEXT_DIR, "server/app", `${route}_client-reference-manifest.js`), "utf8");
  const sandbox: {
    globalThis?: unknown;
    __RSC_MANIFEST?: Record<string, { entryJSFiles: Record<string, string[]>; clientModules: Record<string, { chunks: string[] }> }>;
  } = {};
  sandbox.globalThis = sandbox;
  vm.runInNewContext(source, sandbox);
  const manifest = sandbox.__RSC_MANIFEST![route];
  const chunks = new Set<string>();
  for (const files of Object.values(manifest.entryJSFiles)) for (const f of files) chunks.add(chunkPath(f));
  for (const mod of Object.values(manifest.clientModules)) for (const f of mod.chunks) if (f.endsWith(".js")) chunks.add(chunkPath(f));
  return chunks;
}

/** The JS a page's HTML actually asks for, when it renders without a session. */
async function htmlScripts(appUrl: string, url: string): Promise<Set<string> | null> {
  const response = await fetch(appUrl + url, { redirect: "manual" });
  if (response.status !== 200) return null;
  const html = await response.text();
  // noModule scripts are polyfills that current browsers skip.
  const tags = [...html.matchAll(/<script[^>]*>/g)].map((m) => m[0]).filter((tag) => !/nomodule/i.test(tag));
  return new Set(tags.flatMap((tag) => tag.match(/src="([^"]+\.js)"/)?.slice(1) ?? []).map(chunkPath));
}

export async function studioJs(appUrl: string | null): Promise<Figure> {
  const build = JSON.parse(fs.readFileSync(path.join(NEXT_DIR, "build-manifest.json"), "utf8")) as { rootMainFiles: string[] };
  const routes = JSON.parse(fs.readFileSync(path.join(NEXT_DIR, "app-path-routes-manifest.json"), "utf8")) as Record<string, string>;
  const floor = total(build.rootMainFiles);
  const rows: string[][] = [];
  let worst = { url: "", bytes: 0 };
  for (const [route, url] of Object.entries(routes).sort((a, b) => a[1].localeCompare(b[1]))) {
    if (!route.endsWith("/page") || url.startsWith("/_")) continue;
    const chunks = new Set([...build.rootMainFiles, ...pageChunks(route)]);
    const bytes = total(chunks);
    if (!url.startsWith("/dev/") && bytes > worst.bytes) worst = { url, bytes };
    const fromHtml = appUrl && !url.includes("[") ? await htmlScripts(appUrl, url) : null;
    rows.push([url, kb(floor), kb(bytes), times(ratio(bytes, floor)), fromHtml ? kb(total(fromHtml)) : "—"]);
  }
  return {
    id: 6,
    title: "Studio: first-load JS per page (gzipped)",
    method:
      "From .next manifests (see the comment of bench/figures/studio-js.ts); gzip level 9. Cross-check: the scripts the HTML of public pages loads.",
    columns: ["page", "baseline: framework (root main files)", "Atrium page (upper bound)", "ratio", "from the page's HTML"],
    rows,
    targets: [
      {
        name: "every page < 200 kB (dev pages excluded)",
        met: worst.bytes < TARGET_BYTES,
        detail: `largest ${worst.url} ${kb(worst.bytes)}`,
      },
    ],
    notes: [],
  };
}
