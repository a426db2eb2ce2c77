import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HEAVY_BUDGET, LEAN_BUDGET, MB, measureBuild, overBudget, routeName } from "./function-sizes";

let root: string;

/** A file of `bytes` (sparse: nothing is written). */
function file(relative: string, bytes: number): void {
  const at = path.join(root, relative);
  fs.mkdirSync(path.dirname(at), { recursive: true });
  fs.writeFileSync(at, "");
  fs.truncateSync(at, bytes);
}

/** An entry of the build under .next/server/app with its trace, listing project files. */
function entry(name: string, projectFiles: string[]): void {
  const js = `.next/server/app/${name}.js`;
  file(js, 1000);
  const up = path.relative(path.dirname(path.join(root, js)), root);
  fs.writeFileSync(
    path.join(root, `${js}.nft.json`),
    JSON.stringify({ version: 1, files: ["../chunks/runtime.js", ...projectFiles.map((f) => path.join(up, f))] }),
  );
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "function-sizes-"));
  file(".next/server/chunks/runtime.js", 2 * MB);
  file(".next/server/instrumentation.js", 1000);
  file("node_modules/pg/index.js", 3 * MB);
  fs.writeFileSync(
    path.join(root, ".next/server/instrumentation.js.nft.json"),
    JSON.stringify({ files: ["chunks/runtime.js", "../../node_modules/pg/index.js"] }),
  );
  file("node_modules/@ffmpeg-installer/linux-x64/ffmpeg", 68 * MB);
  file("node_modules/@img/sharp-libvips-linux-x64/lib/libvips-cpp.so", 19 * MB);
  file("db/migrations/0000_core.sql", 1 * MB);
  fs.writeFileSync(
    path.join(root, ".next/server/functions-config-manifest.json"),
    JSON.stringify({ version: 1, functions: { "/api/inngest": { maxDuration: 300 }, "/api/v1/upscale": { maxDuration: 300 } } }),
  );
  fs.writeFileSync(path.join(root, ".next/prerender-manifest.json"), JSON.stringify({ routes: { "/icon.svg": {} } }));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const measure = () => measureBuild({ nextDir: path.join(root, ".next"), projectRoot: root });
const named = (name: string) => measure().functions.find((fn) => fn.name === name)!;

describe("function sizes", () => {
  it("names each entry by its route, route groups left out", () => {
    expect(routeName("(auth)/sign-in/page")).toBe("/sign-in");
    expect(routeName("api/v1/jobs/[jobSource]/route")).toBe("/api/v1/jobs/[jobSource]");
    expect(routeName("page")).toBe("/");
  });

  it("counts the entry, its traced files and the files every function carries, each once", () => {
    entry("api/v1/me/route", ["db/migrations/0000_core.sql", "node_modules/pg/index.js"]);
    fs.symlinkSync(path.join(root, "node_modules/pg"), path.join(root, "node_modules/pg-link"));
    entry("(auth)/sign-in/page", ["node_modules/pg-link"]);
    const { functions, shared } = measure();
    // Shared: instrumentation.js, the runtime chunk and pg.
    expect(shared.bytes).toBe(1000 + 2 * MB + 3 * MB);
    const me = functions.find((fn) => fn.name === "/api/v1/me")!;
    expect(me.bytes).toBe(shared.bytes + 1000 + 1 * MB);
    expect(me.budget).toBe(LEAN_BUDGET);
    const signIn = functions.find((fn) => fn.name === "/sign-in")!;
    expect(signIn).toMatchObject({ kind: "page", bytes: shared.bytes + 1000 });
  });

  it("leaves out prerendered entries, which no function serves", () => {
    entry("icon.svg/route", []);
    expect(measure().functions.map((fn) => fn.name)).toEqual([]);
  });

  it("finds a lean function over its budget and names the file that pushed it over", () => {
    entry("api/auth/[...nextauth]/route", [
      "node_modules/@ffmpeg-installer/linux-x64/ffmpeg",
      "node_modules/@img/sharp-libvips-linux-x64/lib/libvips-cpp.so",
    ]);
    const overrun = overBudget(named("/api/auth/[...nextauth]"))!;
    expect(overrun.budget).toBe(LEAN_BUDGET);
    // Without ffmpeg it would fit (5 + 19 MB): libvips is not a culprit.
    expect(overrun.culprits).toEqual([{ file: "node_modules/@ffmpeg-installer/linux-x64/ffmpeg", bytes: 68 * MB }]);
    expect(overrun.largest[0]).toEqual({ part: "node_modules/@ffmpeg-installer/linux-x64", bytes: 68 * MB });
  });

  it("lets the durable-function route carry the encoder within its own budget", () => {
    entry("api/inngest/route", [
      "node_modules/@ffmpeg-installer/linux-x64/ffmpeg",
      "node_modules/@img/sharp-libvips-linux-x64/lib/libvips-cpp.so",
    ]);
    const inngest = named("/api/inngest");
    expect(inngest.budget).toBe(HEAVY_BUDGET);
    expect(overBudget(inngest)).toBeNull();
  });

  it("bundles routes as Vercel does and holds each bundle to its smallest budget", () => {
    entry("api/v1/me/route", ["db/migrations/0000_core.sql"]);
    entry("api/trpc/[trpc]/route", ["node_modules/@img/sharp-libvips-linux-x64/lib/libvips-cpp.so"]);
    entry("api/inngest/route", ["node_modules/@ffmpeg-installer/linux-x64/ffmpeg"]);
    entry("api/v1/upscale/route", ["node_modules/@img/sharp-libvips-linux-x64/lib/libvips-cpp.so"]);
    entry("(auth)/sign-in/page", []);
    const bundles = measure().bundles.map(({ kind, maxDuration, names, bytes, budget }) => ({ kind, maxDuration, names, bytes, budget }));
    const shared = 1000 + 5 * MB;
    expect(bundles).toEqual([
      {
        kind: "route",
        maxDuration: 300,
        names: ["/api/inngest", "/api/v1/upscale"],
        bytes: shared + 2000 + 68 * MB + 19 * MB,
        budget: HEAVY_BUDGET,
      },
      {
        kind: "route",
        maxDuration: undefined,
        names: ["/api/trpc/[trpc]", "/api/v1/me"],
        bytes: shared + 2000 + 19 * MB + 1 * MB,
        budget: LEAN_BUDGET,
      },
      { kind: "page", maxDuration: undefined, names: ["/sign-in"], bytes: shared + 1000, budget: LEAN_BUDGET },
    ]);
  });
});
