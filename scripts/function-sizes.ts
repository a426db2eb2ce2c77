/**
 * The size of every serverless function of a production build, as Vercel packs it, and
 * the budgets they are held to (docs/deploy.md, "Function sizes").
 *
 * A function is one app entry (`.next/server/app/<entry>.js`): its own file, the files its
 * trace lists (`<entry>.js.nft.json`, what Vercel copies into the function) and the files
 * every function carries (the traces of instrumentation.ts and of Next's minimal server),
 * each file counted once. Regular files only: a symlink costs nothing. The same build
 * always gives the same bytes, so the check is exact, never a timing.
 *
 * Vercel also bundles routes with the same settings (maxDuration, memory) into one
 * function while they fit in 250 MB, pages apart from route handlers (@vercel/next,
 * getPageLambdaGroups). Those bundles are what really cold-starts, so each bundle is held
 * to the smallest budget among its routes too.
 */
import fs from "node:fs";
import path from "node:path";

export const MB = 1_000_000;
/** Pages, sign-in, tRPC, reading the API: what a person waits on when a function starts cold. */
export const LEAN_BUDGET = 40 * MB;
/** Image and video work; Vercel refuses a function over 250 MB unzipped. */
export const HEAVY_BUDGET = 200 * MB;
/** The functions that run image or video work themselves (next.config.mjs, HEAVY_PARTS); every other one is lean. */
export const HEAVY_FUNCTIONS = [
  "/api/inngest",
  "/api/v1/inpaint",
  "/api/v1/upscale",
  "/api/v1/tools/property-description",
  "/api/v1/job",
  "/api/v1/multiview",
  "/api/v1/video",
];
/** Vercel's limit on one function, unzipped, less the share @vercel/next keeps in reserve when it bundles. */
const BUNDLE_LIMIT = 250 * 1024 * 1024 - 2.5 * 1024 * 1024;

export interface FunctionSize {
  /** The route, as in `next build`'s list: `/api/v1/me`, `/w/[workspaceSlug]`. */
  name: string;
  /** The entry under .next/server/app, e.g. `api/v1/me/route`. */
  entry: string;
  kind: "page" | "route";
  /** Seconds, from the route's `maxDuration` (functions-config-manifest.json); undefined: the platform's default. */
  maxDuration?: number;
  bytes: number;
  budget: number;
  /** Every file the function carries, relative to the project, with its size. */
  files: Map<string, number>;
}

export interface Bundle {
  kind: "page" | "route";
  maxDuration?: number;
  names: string[];
  bytes: number;
  budget: number;
}

export interface BuildSizes {
  functions: FunctionSize[];
  bundles: Bundle[];
  /** What every function carries: instrumentation.ts and Next's minimal server. */
  shared: { bytes: number; files: Map<string, number> };
}

/**
 * Measures the build in `nextDir`, made from the project at `projectRoot` (traces name
 * files relative to where `.next` was, so a copied build is measured against the project
 * it was built from).
 */
export function measureBuild(options: { nextDir: string; projectRoot: string }): BuildSizes {
  const { nextDir, projectRoot } = options;
  const builtAt = path.join(projectRoot, ".next");
  const sizeOf = (file: string): number => {
    const at = file.startsWith(".next/") ? path.join(nextDir, file.slice(".next/".length)) : path.join(projectRoot, file);
    const stat = fs.lstatSync(at, { throwIfNoEntry: false });
    return stat?.isFile() ? stat.size : 0;
  };
  /** The traced file and the files its trace lists, relative to the project (a linked node_modules lies outside it). */
  const traced = (traceFile: string): string[] => {
    const at = path.join(builtAt, path.dirname(traceFile));
    const { files } = JSON.parse(fs.readFileSync(path.join(nextDir, traceFile), "utf8")) as { files: string[] };
    return [
      path.join(".next", traceFile.replace(/\.nft\.json$/, "")),
      ...files.map((file) => path.relative(projectRoot, path.resolve(at, file))),
    ];
  };
  const withSizes = (files: Iterable<string>) => new Map([...files].map((file) => [file, sizeOf(file)] as const));
  const total = (files: Map<string, number>) => [...files.values()].reduce((sum, size) => sum + size, 0);

  const sharedTraces = ["server/instrumentation.js.nft.json", "next-minimal-server.js.nft.json"].filter((file) =>
    fs.existsSync(path.join(nextDir, file)),
  );
  const shared = withSizes(sharedTraces.flatMap(traced));
  const config =
    readJson<{ functions: Record<string, { maxDuration?: number }> }>(path.join(nextDir, "server/functions-config-manifest.json"))
      ?.functions ?? {};
  const staticRoutes = new Set(
    Object.keys(readJson<{ routes: Record<string, unknown> }>(path.join(nextDir, "prerender-manifest.json"))?.routes ?? {}),
  );

  const functions: FunctionSize[] = [];
  for (const traceFile of listTraces(path.join(nextDir, "server/app"))) {
    const entry = traceFile.replace(/\.js\.nft\.json$/, "");
    const name = routeName(entry);
    if (staticRoutes.has(name)) continue; // prerendered: served as a file, not by a function
    const files = withSizes(new Set([...shared.keys(), ...traced(path.join("server/app", traceFile))]));
    functions.push({
      name,
      entry,
      kind: entry.endsWith("/page") || entry === "page" ? "page" : "route",
      maxDuration: config[name]?.maxDuration,
      bytes: total(files),
      budget: HEAVY_FUNCTIONS.includes(name) ? HEAVY_BUDGET : LEAN_BUDGET,
      files,
    });
  }
  functions.sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name));
  return { functions, bundles: bundle(functions), shared: { bytes: total(shared), files: shared } };
}

/**
 * Vercel's bundling: routes of one kind and the same maxDuration share a function as long
 * as the union of their files fits; the next one that does not fit starts another.
 */
function bundle(functions: FunctionSize[]): Bundle[] {
  const bundles: (Bundle & { files: Map<string, number> })[] = [];
  for (const fn of [...functions].sort((a, b) => a.name.localeCompare(b.name))) {
    const fits = (candidate: Bundle & { files: Map<string, number> }) => {
      let bytes = candidate.bytes;
      for (const [file, size] of fn.files) if (!candidate.files.has(file)) bytes += size;
      return bytes < BUNDLE_LIMIT;
    };
    let target = bundles.find((b) => b.kind === fn.kind && b.maxDuration === fn.maxDuration && fits(b));
    if (!target) {
      target = { kind: fn.kind, maxDuration: fn.maxDuration, names: [], bytes: 0, budget: Infinity, files: new Map() };
      bundles.push(target);
    }
    target.names.push(fn.name);
    target.budget = Math.min(target.budget, fn.budget);
    for (const [file, size] of fn.files) {
      if (target.files.has(file)) continue;
      target.files.set(file, size);
      target.bytes += size;
    }
  }
  return bundles.map(({ files: _files, ...rest }) => rest).sort((a, b) => b.bytes - a.bytes);
}

export interface Overrun {
  name: string;
  bytes: number;
  budget: number;
  /** The largest files, without which the function would fit: what pushed it over. */
  culprits: { file: string; bytes: number }[];
  /** Its largest packages (or top folders), for context. */
  largest: { part: string; bytes: number }[];
}

export function overBudget(fn: FunctionSize): Overrun | null {
  if (fn.bytes <= fn.budget) return null;
  const culprits: Overrun["culprits"] = [];
  let removed = 0;
  for (const [file, bytes] of [...fn.files].sort((a, b) => b[1] - a[1])) {
    if (fn.bytes - removed <= fn.budget) break;
    culprits.push({ file, bytes });
    removed += bytes;
  }
  return { name: fn.name, bytes: fn.bytes, budget: fn.budget, culprits, largest: largestParts(fn.files, 5) };
}

/** Sizes summed per package (`node_modules/@img/sharp-libvips-linux-x64`) or top folder (`.next/server`, `db/migrations`). */
export function largestParts(files: Map<string, number>, count: number): { part: string; bytes: number }[] {
  const parts = new Map<string, number>();
  for (const [file, bytes] of files) parts.set(partOf(file), (parts.get(partOf(file)) ?? 0) + bytes);
  return [...parts]
    .map(([part, bytes]) => ({ part, bytes }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, count);
}

export function partOf(file: string): string {
  const modules = file.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const [scope, name] = file.slice(modules + "node_modules/".length).split("/");
    return `node_modules/${scope.startsWith("@") ? `${scope}/${name}` : scope}`;
  }
  return file.split("/").slice(0, 2).join("/");
}

/** `(auth)/sign-in/page` → `/sign-in`; `api/v1/me/route` → `/api/v1/me`; `page` → `/`. */
export function routeName(entry: string): string {
  const segments = entry
    .split("/")
    .slice(0, -1)
    .filter((segment) => !/^\(.*\)$/.test(segment));
  return `/${segments.join("/")}`;
}

function listTraces(dir: string, prefix = ""): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return listTraces(path.join(dir, entry.name), relative);
    return entry.name.endsWith(".js.nft.json") ? [relative] : [];
  });
}

function readJson<T>(file: string): T | null {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as T) : null;
}

export const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
