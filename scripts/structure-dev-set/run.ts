/**
 * `npm run structure-dev-set`: the structure check on its development set (pairs.ts), the
 * real set and the drawn set reported apart.
 * - Real set (real-set.ts): per label the pairs passed, reviewed and refused (D17) and the
 *   figures the check is held to; per measure the pairs of each label it sent to review or
 *   refused, with its worst values' min / median / max; every kept pair refused or
 *   reviewed with the check's words, every changed pair passed with what changed.
 * - Drawn set: made-up pairs (recipes.ts), the local provider's outputs of the set's
 *   photos and the seven real outputs gathered before the real set; the same figures, then
 *   every kept pair refused and changed pair passed, and the verdicts per origin and recipe.
 * Options: --only real|drawn runs one part (the drawn set runs the local provider, which
 * takes minutes); --all prints every pair, --show <text> every zone's scores of the pairs
 * whose id contains the text, --write <dir> saves the made-up and local outputs.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { checkStructure, type StructureCheck } from "@/server/images/structure-check";
import { drawnSetPairs, realSetPairs, type Pair } from "./pairs";
import { FETCHED_DIR, isPresent, loadRealSet, MANIFEST } from "./real-set";
import { printMeasures, printVerdicts, worst } from "./report";

interface Result {
  pair: Pair;
  check: StructureCheck;
}

type Options = { all?: boolean; show?: string; write?: string };

async function checkAll(pairs: Iterable<Pair> | AsyncIterable<Pair>, options: Options): Promise<Result[]> {
  const results: Result[] = [];
  for await (const pair of pairs) {
    if (options.write && pair.origin !== "real" && pair.origin !== "real set")
      writeFileSync(path.join(options.write, `${pair.id.replace("/", "--")}.jpg`), pair.output);
    const check = await checkStructure(pair.source, pair.output, { roomType: pair.roomType, type: pair.type });
    if (options.show && pair.id.includes(options.show))
      console.log(
        pair.id,
        JSON.stringify(check, (_k, v) => (typeof v === "number" ? Math.round(v * 100) / 100 : v), 1),
      );
    if (options.all)
      console.log(
        `${check.verdict.padEnd(6)} ${pair.label.padEnd(7)} ${pair.id}: ${check.verdict === "pass" ? worst(check) : check.summary}`,
      );
    results.push({ pair, check });
  }
  return results;
}

/** Per key: the pairs passed, reviewed and refused. */
function printRates(title: string, results: Result[], keyOf: (r: Result) => string): void {
  const table = new Map<string, { pairs: number; review: number; fail: number }>();
  for (const r of results) {
    const row = table.get(keyOf(r)) ?? { pairs: 0, review: 0, fail: 0 };
    table.set(keyOf(r), {
      pairs: row.pairs + 1,
      review: row.review + (r.check.verdict === "review" ? 1 : 0),
      fail: row.fail + (r.check.verdict === "fail" ? 1 : 0),
    });
  }
  console.log(`\n| ${title} | pairs | review | fail |\n|---|---|---|---|`);
  for (const [key, row] of [...table].sort(([a], [b]) => a.localeCompare(b)))
    console.log(`| ${key} | ${row.pairs} | ${row.review} | ${row.fail} |`);
}

function printList(title: string, results: Result[], line: (r: Result) => string): void {
  console.log(
    [`\n${title} (${results.length}):`, ...results.map((r) => `  ${r.pair.id} (${r.pair.roomType}, ${r.pair.type}): ${line(r)}`)].join(
      "\n",
    ),
  );
}

function printRealSet(results: Result[]): void {
  console.log(`\n## Real set (${results.length} pairs)`);
  printVerdicts(results);
  printMeasures(results);
  printRates("label, type", results, (r) => `${r.pair.label}, ${r.pair.type}`);
  const kept = results.filter((r) => r.pair.label === "kept");
  printList(
    "Kept pairs refused",
    kept.filter((r) => r.check.verdict === "fail"),
    (r) => r.check.reason,
  );
  printList(
    "Kept pairs reviewed",
    kept.filter((r) => r.check.verdict === "review"),
    (r) => r.check.summary,
  );
  printList(
    "Changed pairs passed",
    results.filter((r) => r.pair.label === "changed" && r.check.verdict === "pass"),
    (r) => `${r.pair.what}; ${worst(r.check)}`,
  );
}

/** The recipe a drawn pair was made by: a made-up pair's recipe, a local output's type, or "real AI output". */
const recipeOf = (pair: Pair) => (pair.origin === "real" ? "real AI output" : pair.id.slice(pair.id.indexOf("/") + 1));

function printDrawnSet(results: Result[]): void {
  console.log(`\n## Drawn set (${results.length} pairs: made-up, local provider, the earlier real outputs)`);
  printVerdicts(results);
  printMeasures(results);
  printList(
    "Kept pairs refused",
    results.filter((r) => r.pair.label === "kept" && r.check.verdict === "fail"),
    (r) => `${r.check.reason} (${r.pair.what})`,
  );
  printList(
    "Changed pairs passed",
    results.filter((r) => r.pair.label === "changed" && r.check.verdict === "pass"),
    (r) => `${r.pair.what}; ${worst(r.check)}`,
  );
  printRates("label, origin", results, (r) => `${r.pair.label}, ${r.pair.origin}`);
  printRates("label, recipe", results, (r) => `${r.pair.label}, ${recipeOf(r.pair)}`);
}

/** Says how to fill FETCHED_DIR when the real set's pairs that are not stored are missing. */
function noteMissingRealPairs(): void {
  const set = loadRealSet();
  const missing = set.pairs.filter((p) => !isPresent(set, p)).length;
  if (!missing) return;
  console.log(
    `Real set: ${missing} of ${set.pairs.length} pairs are not on this machine (their licences do not allow storing them here). ` +
      `Fill ${FETCHED_DIR} with \`npx tsx scripts/structure-dev-set/fetch-real.ts <folder holding their repositories>\` (repositories and commits in ${MANIFEST}); going on with the ${set.pairs.length - missing} stored.`,
  );
}

async function main() {
  const { values } = parseArgs({
    options: { all: { type: "boolean" }, show: { type: "string" }, write: { type: "string" }, only: { type: "string" } },
  });
  if (values.only && values.only !== "real" && values.only !== "drawn")
    throw new Error(`--only takes "real" or "drawn", not "${values.only}"`);
  if (values.write) mkdirSync(values.write, { recursive: true });
  if (values.only !== "drawn") {
    noteMissingRealPairs();
    printRealSet(await checkAll(realSetPairs(), values));
  }
  if (values.only !== "real") printDrawnSet(await checkAll(drawnSetPairs(), values));
}

await main();
