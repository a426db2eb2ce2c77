/**
 * What customers read is in US English (Atrium's listings are US listings; the offline
 * writer's British copy for en-GB is made at run time from US text). Reads every
 * sentence-like string literal and JSX text of the code that answers customers: the
 * pages and components, the shared wording, the v1 and studio servers' messages, and
 * the offline copy's phrasebooks. Comments and identifiers are not read: code may say
 * "colour", and `colour_change` is an accepted API alias on purpose.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const CUSTOMER_FACING =
  /^(app|components|shared|server\/(v1|studio|billing|email|images|providers\/local)|server\/errors\.ts)\/?.*\.(ts|tsx)$/;
const NOT_READ = /\.test\.tsx?$|^packages\/|\/generated\//;
const BRITISH =
  /\b(colours?|colour(ed|ing|ful)|re-?colour\w*|cancell(ed|ing)|catalogue|favourite|organis(e|ed|es|ing|ation)|recognis(e|ed|es|ing)|licence|neighbourhood|centre|greys?|behaviour|whilst|programme|analys(e|ed|es|ing)|cosy|metres?)\b/i;

function customerFacingFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" });
  return listed.split("\n").filter((file) => CUSTOMER_FACING.test(file) && !NOT_READ.test(file));
}

/** The strings of a file a person could read: literals and template parts with a space in them, and JSX text. */
function sentences(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) found.push(node.text);
    else if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      if (/\s/.test(node.text.trim())) found.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the words customers read", () => {
  it("are US English", () => {
    const files = customerFacingFiles();
    expect(files.length).toBeGreaterThan(300);
    const british = files.flatMap((file) =>
      sentences(file)
        .filter((s) => BRITISH.test(s))
        .map((s) => `${file}: ${s.trim().slice(0, 120)}`),
    );
    expect(british).toEqual([]);
  });

  it("would catch a British spelling", () => {
    expect(BRITISH.test("Walls recoloured")).toBe(true);
    expect(BRITISH.test("The fetch was cancelled.")).toBe(true);
    expect(BRITISH.test("colours re-graded")).toBe(true);
    expect(BRITISH.test("Walls recolored, the fetch was canceled, colors re-graded")).toBe(false);
  });
});
