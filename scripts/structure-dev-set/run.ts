/**
 * `npm run structure-dev-set`: the structure check on its development set (pairs.ts), the
 * real set and the drawn set reported apart.
 * - Real set (real-set.ts): per label the pairs refused; how many pairs of each label each
 *   zone failure refuses (the check's answer) and each measure would refuse on its own
 *   limit, with its min / median / max over the kept and the changed pairs; every kept
 *   pair refused with the check's reason, every changed pair passed with what changed.
 * - Drawn set: made-up pairs (recipes.ts), the local provider's outputs of the set's
 *   photos and the seven real outputs gathered before the real set; the same figures, then
 *   every pair it got wrong and the rate per label, origin and recipe.
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
import { printMeasures, printZoneFailures, worst } from "./report";

interface Result {
  pair: Pair;
  check: StructureCheck;
  refused: boolean;
}

type Options = { all?: boolean; show?: string; write?: string };

async function checkAll(pairs: Iterable<Pair> | AsyncIterable<Pair>, options: Options): Promise<Result[]> {
  const results: Result[] = [];
  for await (const pair of pairs) {
    if (options.write && pair.origin !== "real" && pair.origin !== "real set") writeFileSync(path.join(options.write, `${pair.id.replace("/", "--")}.jpg`), pair.output);
    const check = await checkStructure(pair.source, pair.output, { roomType: pair.roomType, type: pair.type });
    const refused = check.verdict === "fail";
    if (options.show && pair.id.includes(options.show)) console.log(pair.id, JSON.stringify(check, (_k, v) => (typeof v === "number" ? Math.round(v * 100) / 100 : v), 1));
    if (options.all) console.log(`${refused ? "refused" : "passed "} ${pair.label.padEnd(7)} ${pair.id}: ${refused ? check.reason : worst(check)}`);
    results.push({ pair, check, refused });
  }
  return results;
}

function printRates(title: string, results: Result[], keyOf: (r: Result) => string): void {
  const table = new Map<string, { pairs: number; refused: number }>();
  for (const r of results) {
    const row = table.get(keyOf(r)) ?? { pairs: 0, refused: 0 };
    table.set(keyOf(r), { pairs: row.pairs + 1, refused: row.refused + (r.refused ? 1 : 0) });
  }
  console.log(`\n| ${title} | pairs | refused | rate |\n|---|---|---|---|`);
  for (const [key, row] of [...table].sort(([a], [b]) => a.localeCompare(b))) console.log(`| ${key} | ${row.pairs} | ${row.refused} | ${Math.round((row.refused / row.pairs) * 100)} % |`);
}

/** The figures both parts print: refusals per label, per zone failure, per measure. */
function printFigures(results: Result[]): void {
  printRates("label", results, (r) => r.pair.label);
  printZoneFailures(results);
  printMeasures(results);
}

function printRealSet(results: Result[]): void {
  console.log(`\n## Real set (${results.length} pairs)`);
  printFigures(results);
  printRates("label, type", results, (r) => `${r.pair.label}, ${r.pair.type}`);
  const keptRefused = results.filter((r) => r.pair.label === "kept" && r.refused);
  const changedPassed = results.filter((r) => r.pair.label === "changed" && !r.refused);
  console.log([`\nKept pairs refused (${keptRefused.length}):`, ...keptRefused.map((r) => `  ${r.pair.id} (${r.pair.roomType}, ${r.pair.type}): ${r.check.reason}`)].join("\n"));
  console.log([`\nChanged pairs passed (${changedPassed.length}):`, ...changedPassed.map((r) => `  ${r.pair.id} (${r.pair.roomType}, ${r.pair.type}): ${r.pair.what}; ${worst(r.check)}`)].join("\n"));
}

/** The recipe a drawn pair was made by: a made-up pair's recipe, a local output's type, or "real AI output". */
const recipeOf = (pair: Pair) => (pair.origin === "real" ? "real AI output" : pair.id.slice(pair.id.indexOf("/") + 1));

function printDrawnSet(results: Result[]): void {
  console.log(`\n## Drawn set (${results.length} pairs: made-up, local provider, the earlier real outputs)`);
  printFigures(results);
  const wrong = results.filter((r) => r.refused !== (r.pair.label === "changed"));
  console.log([`\nWrong verdicts (${wrong.length}):`, ...wrong.map((r) => `  ${r.refused ? "refused" : "passed "} ${r.pair.label.padEnd(7)} ${r.pair.id}: ${r.refused ? r.check.reason : worst(r.check)} (${r.pair.what})`)].join("\n"));
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
  const { values } = parseArgs({ options: { all: { type: "boolean" }, show: { type: "string" }, write: { type: "string" }, only: { type: "string" } } });
  if (values.only && values.only !== "real" && values.only !== "drawn") throw new Error(`--only takes "real" or "drawn", not "${values.only}"`);
  if (values.write) mkdirSync(values.write, { recursive: true });
  if (values.only !== "drawn") {
    noteMissingRealPairs();
    printRealSet(await checkAll(realSetPairs(), values));
  }
  if (values.only !== "real") printDrawnSet(await checkAll(drawnSetPairs(), values));
}

await main();
