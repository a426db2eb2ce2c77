/**
 * The repository explains itself: no comment or doc may send a reader to a file outside
 * it (a note or a spec on someone's machine), and every markdown link between the
 * docs must lead to a file (and heading) that exists. Reads the files git knows about,
 * tracked or new, so a file is checked before it is committed.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");

/** Text files whose comments or prose could point somewhere; generated SQL and the lockfile are not written by hand. */
const SCANNED = /\.(ts|tsx|mts|mjs|cjs|js|md|sh|yml|yaml)$|^\.env\.example$|^\.ci\/run$/;
const SKIPPED = /^(db\/migrations\/|package-lock\.json$)/;

/** Names of documents that lived outside the repository; citing one is fine only when it resolves to a repo file. */
// Written in pieces where a whole name would be flagged in this very file.
const BILLING_NOTE = ["billing", "and", "developer", "platform"].join("-");
const NOTE_NAMES = `v1-api|decisions|local-provider|hosted-providers|inngest-local|architecture|${BILLING_NOTE}`;
const NOTE_MENTION = new RegExp(String.raw`[\w./-]*\b(?:${NOTE_NAMES})\.md\b`, "g");
const BARE_NOTE = new RegExp(String.raw`\b${BILLING_NOTE}\b(?!\.md)`, "g");
/** An absolute path on a development machine, or the old shared spec and design folders. */
const MACHINE_PATH = /(?<![\w.])\/work\/[\w./-]*|(?<![\w/.-])shared\/(?:design|spec)\/[\w./-]*/g;
const RELATIVE_PATH = /(?<![\w.])(?:\.\.\/)+[\w@.-][\w@./-]*/g;
const DESIGN_NOTE = new RegExp(String.raw`\b${["design", "notes?"].join(" ")}\b`, "gi");

function repoFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" });
  return [...new Set(listed.split("\n").filter(Boolean))].filter((file) => existsSync(path.join(ROOT, file)));
}

const insideRepo = (absolute: string) => absolute === ROOT || absolute.startsWith(ROOT + path.sep);

/** A path as written in `file`: relative to the file's folder, or to the repository root. */
function resolvesInRepo(file: string, written: string): boolean {
  const cleaned = written.replace(/[.,:;)]+$/, "");
  const candidates = [path.resolve(ROOT, path.dirname(file), cleaned), path.resolve(ROOT, cleaned)];
  return candidates.some((candidate) => insideRepo(candidate) && existsSync(candidate));
}

const lineOf = (text: string, index: number) => text.slice(0, index).split("\n").length;

/** Block and line comments with their offsets; `//` after a colon or quote is a URL or a string, not a comment. */
function commentsOf(code: string): [number, string][] {
  return [...code.matchAll(/\/\*[\s\S]*?\*\/|(?<![:"'`\w])\/\/[^\n]*/g)].map((match) => [match.index, match[0]]);
}

/** Every place in `text` (the content of repo file `file`) that cites something outside the repository. */
export function outOfRepoPointers(file: string, text: string): string[] {
  const found: string[] = [];
  const report = (index: number, what: string, why: string) => found.push(`${file}:${lineOf(text, index)}: ${what} (${why})`);
  for (const match of text.matchAll(MACHINE_PATH)) report(match.index, match[0], "a path outside the repository");
  for (const match of text.matchAll(NOTE_MENTION)) {
    if (!resolvesInRepo(file, match[0]))
      report(match.index, match[0], "no such file in the repository: cite the doc under docs/ that holds it");
  }
  for (const match of text.matchAll(BARE_NOTE)) report(match.index, match[0], "a note kept outside the repository");
  // In code only comments cite: a relative path in a string is data (an import, a test's fixture path).
  for (const [offset, prose] of file.endsWith(".md") ? [[0, text] as const] : commentsOf(text)) {
    for (const match of prose.matchAll(RELATIVE_PATH)) {
      const cleaned = match[0].replace(/[.,:;)]+$/, "");
      if (!insideRepo(path.resolve(ROOT, path.dirname(file), cleaned)))
        report(offset + match.index, match[0], "climbs out of the repository");
    }
  }
  for (const match of text.matchAll(DESIGN_NOTE))
    report(match.index, match[0], "a note kept outside the repository: move the fact into docs/");
  return found;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutCodeBlocks(markdown).split("\n")) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

function withoutCodeBlocks(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, " "));
}

/** Every markdown link in `markdown` (repo file `file`) to a repo file or heading that does not exist. */
export function brokenLinks(file: string, markdown: string, readRepoFile: (relative: string) => string | null): string[] {
  const found: string[] = [];
  const prose = withoutCodeBlocks(markdown).replace(/`[^`\n]*`/g, (code) => " ".repeat(code.length));
  for (const match of prose.matchAll(/\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = match[1];
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
    const [pathPart, anchor] = target.split("#", 2);
    const where = `${file}:${lineOf(markdown, match.index)}: ${target}`;
    const relative = pathPart ? path.relative(ROOT, path.resolve(ROOT, path.dirname(file), decodeURI(pathPart))) : file;
    if (relative.startsWith("..") || path.isAbsolute(relative)) {
      found.push(`${where} (outside the repository)`);
      continue;
    }
    if (pathPart && !existsSync(path.join(ROOT, relative))) {
      found.push(`${where} (no such file)`);
      continue;
    }
    if (anchor && relative.endsWith(".md")) {
      const text = readRepoFile(relative);
      if (text !== null && !headingAnchors(text).has(anchor)) found.push(`${where} (no such heading)`);
    }
  }
  return found;
}

const readRepoFile = (relative: string) => (existsSync(path.join(ROOT, relative)) ? readFileSync(path.join(ROOT, relative), "utf8") : null);

describe("the repository explains itself", () => {
  const files = repoFiles();
  const scanned = files.filter((file) => SCANNED.test(path.basename(file)) || SCANNED.test(file)).filter((file) => !SKIPPED.test(file));

  it("reads the repository's files", () => {
    expect(scanned).toContain("README.md");
    expect(scanned).toContain("docs/v1-api.md");
    expect(scanned).toContain("server/v1/routes.ts");
    expect(scanned.length).toBeGreaterThan(300);
  });

  it("no comment or doc cites a file outside the repository", () => {
    const problems = scanned.flatMap((file) => outOfRepoPointers(file, readFileSync(path.join(ROOT, file), "utf8")));
    expect(problems).toEqual([]);
  });

  it("every markdown link leads to a file and heading that exist", () => {
    const markdown = scanned.filter((file) => file.endsWith(".md"));
    expect(markdown).toEqual(expect.arrayContaining(["README.md", "CONTRIBUTING.md", "docs/decisions.md"]));
    const problems = markdown.flatMap((file) => brokenLinks(file, readFileSync(path.join(ROOT, file), "utf8"), readRepoFile));
    expect(problems).toEqual([]);
  });
});

describe("the checks themselves", () => {
  // Built from pieces so this file does not cite them itself.
  const machine = ["", "work", "shared", "spec", "v1-api.md"].join("/");
  const note = ["local-provider", "md"].join(".");
  const up = (levels: number) => "../".repeat(levels);

  it("find paths outside the repository", () => {
    expect(outOfRepoPointers("server/x.ts", `// facts in ${machine}`)).toHaveLength(2);
    expect(outOfRepoPointers("server/x.ts", `// measured (see ${note})`)).toHaveLength(1);
    expect(outOfRepoPointers("server/x.ts", `// see ${up(3)}${["shared", "design", "a.md"].join("/")}`)).not.toHaveLength(0);
    expect(outOfRepoPointers("docs/x.md", `the ${["design", "note"].join(" ")} measured it`)).toHaveLength(1);
  });

  it("accept citations that resolve inside the repository", () => {
    expect(outOfRepoPointers("server/x.ts", "// the rules of docs/v1-api.md and docs/decisions.md (D5)")).toEqual([]);
    expect(outOfRepoPointers("docs/x.md", "[decisions](decisions.md)")).toEqual([]);
    expect(outOfRepoPointers("db/schema/x.ts", `import { A } from "${up(2)}shared/catalogues";`)).toEqual([]);
  });

  it("find broken links and headings", () => {
    const read = (relative: string) => (relative === "docs/v1-api.md" ? "# API\n## Beyond the contract\n" : null);
    expect(brokenLinks("README.md", "[a](docs/v1-api.md#beyond-the-contract) [b](https://example.com/x.md)", read)).toEqual([]);
    expect(brokenLinks("README.md", "[a](docs/missing.md)", read)).toHaveLength(1);
    expect(brokenLinks("README.md", "[a](docs/v1-api.md#no-such-part)", read)).toHaveLength(1);
    expect(brokenLinks("README.md", `[a](${up(1)}outside.md)`, read)).toHaveLength(1);
    expect(brokenLinks("README.md", "```\n[a](docs/missing.md)\n```", read)).toEqual([]);
  });

  it("name headings as GitHub does", () => {
    expect([...headingAnchors("## GET /jobs/{jobSource}\n## D5 Legacy jobs (`POST /job`)\n## Notes\n## Notes")]).toEqual([
      "get-jobsjobsource",
      "d5-legacy-jobs-post-job",
      "notes",
      "notes-1",
    ]);
  });
});
