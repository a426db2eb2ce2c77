import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildIsCurrent, buildSources } from "./build-freshness";

/** A git checkout with one page, one test and a build made at `builtAt`. */
function checkout(builtAt: Date): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "atrium-freshness-"));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write("app/page.tsx", "export default function Page() { return null; }\n");
  write("server/x.test.ts", "\n");
  write("README.md", "\n");
  write(".gitignore", ".next/\n");
  execFileSync("git", ["init", "-q"], { cwd: root });
  const before = new Date(builtAt.getTime() - 60_000);
  for (const file of ["app/page.tsx", "server/x.test.ts", "README.md", ".gitignore"]) fs.utimesSync(path.join(root, file), before, before);
  write(".next/BUILD_ID", "id\n");
  fs.utimesSync(path.join(root, ".next/BUILD_ID"), builtAt, builtAt);
  return root;
}

const touch = (root: string, file: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.appendFileSync(path.join(root, file), "\n");
};

describe("build freshness", () => {
  it("counts what goes into the build, not tests, docs or ignored files", () => {
    const root = checkout(new Date());
    expect(buildSources(root).sort()).toEqual([".gitignore", "app/page.tsx"]);
  });

  it("keeps a build newer than its sources, also after a test, a doc or an ignored file changed", () => {
    const root = checkout(new Date());
    expect(buildIsCurrent(root)).toBe(true);
    touch(root, "server/x.test.ts");
    touch(root, "README.md");
    touch(root, ".next/cache/x");
    expect(buildIsCurrent(root)).toBe(true);
  });

  it("calls a build stale when a source changed, a new source appeared, or there is none", () => {
    const past = new Date(Date.now() - 3_600_000);
    const changed = checkout(past);
    touch(changed, "app/page.tsx");
    expect(buildIsCurrent(changed)).toBe(false);
    const added = checkout(past);
    touch(added, "server/new-verb.ts");
    expect(buildIsCurrent(added)).toBe(false);
    const none = checkout(new Date());
    fs.rmSync(path.join(none, ".next"), { recursive: true });
    expect(buildIsCurrent(none)).toBe(false);
  });
});
