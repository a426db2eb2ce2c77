/**
 * `npm run structure-dev-set`: the structure check on its development set
 * (samples/structure-dev-set), the refusal rate per label and per origin, and every pair
 * it got wrong with the check's reason, and the rate per recipe. Three origins:
 * - real: real AI outputs from public repositories, against their real source photo;
 * - made-up: recipes.ts applied to the set's real photos;
 * - local provider: this project's own staging, redecorate, render and declutter of them.
 * Options: --all prints every pair, --show <text> every zone's scores of the pairs whose id
 * contains the text, --write <dir> saves the made-up and local outputs.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { checkStructure, type StructureCheck } from "@/server/images/structure-check";
import { devSetPairs, type Pair } from "./pairs";

/** A passing pair's closest calls: the lowest line shares, the highest colour shares, the floor's. */
function worst(check: StructureCheck): string {
  const z = check.zones;
  const min = (values: (number | null | undefined)[]) => Math.min(...values.filter((v): v is number => typeof v === "number"));
  return [
    `recall ≥ ${min(z.map((s) => s.edgeRecall)).toFixed(2)}`,
    `local ≥ ${min(z.map((s) => s.localRecall)).toFixed(2)}`,
    `erased ≥ ${min(z.map((s) => s.erasedRecall)).toFixed(2)}`,
    `changed ≤ ${Math.max(...z.map((s) => s.changed ?? 0)).toFixed(2)}`,
    `repainted ≤ ${Math.max(...z.map((s) => s.repaint ?? 0)).toFixed(2)}`,
    `floor visible ${min(z.map((s) => s.floorVisible)).toFixed(2)}`,
    `floor material ${Math.max(...z.map((s) => s.floorMaterialChanged ?? 0)).toFixed(2)}`,
    `floor joints ${Math.max(...z.map((s) => s.floorLinesChanged ?? 0)).toFixed(2)}`,
    `uprights erased ${Math.max(...z.map((s) => s.uprightsErased ?? 0)).toFixed(2)}`,
    `ceiling surface ${Math.max(...z.map((s) => s.ceilingChanged ?? 0)).toFixed(2)}`,
    `top edge ${Math.max(...z.map((s) => s.topEdgeChanged ?? 0)).toFixed(2)}`,
  ].join(", ");
}

/** The recipe a pair was made by: a made-up pair's recipe, a local output's type, or "real AI output". */
function recipeOf(pair: Pair): string {
  return pair.origin === "real" ? "real AI output" : pair.id.slice(pair.id.indexOf("/") + 1);
}

async function main() {
  const { values } = parseArgs({ options: { all: { type: "boolean" }, show: { type: "string" }, write: { type: "string" } } });
  if (values.write) mkdirSync(values.write, { recursive: true });
  const tally = new Map<string, { pairs: number; refused: number }>();
  const byRecipe = new Map<string, { pairs: number; refused: number }>();
  const wrong: string[] = [];
  for await (const pair of devSetPairs()) {
    if (values.write && pair.origin !== "real") writeFileSync(path.join(values.write, `${pair.id.replace("/", "--")}.jpg`), pair.output);
    const check = await checkStructure(pair.source, pair.output, { roomType: pair.roomType, type: pair.type });
    const refused = check.verdict === "fail";
    if (values.show && pair.id.includes(values.show)) console.log(pair.id, JSON.stringify(check, (_k, v) => (typeof v === "number" ? Math.round(v * 100) / 100 : v), 1));
    for (const [table, key] of [[tally, `${pair.label}`], [tally, `${pair.label}, ${pair.origin}`], [byRecipe, `${pair.label}, ${recipeOf(pair)}`]] as const) {
      const row = table.get(key) ?? { pairs: 0, refused: 0 };
      table.set(key, { pairs: row.pairs + 1, refused: row.refused + (refused ? 1 : 0) });
    }
    const line = `${refused ? "refused" : "passed "} ${pair.label.padEnd(7)} ${pair.id}: ${refused ? check.reason : worst(check)}`;
    if (values.all) console.log(line);
    else if (refused !== (pair.label === "changed")) wrong.push(`${line} (${pair.what})`);
  }
  if (wrong.length) console.log(["Wrong verdicts:", ...wrong.map((l) => `  ${l}`)].join("\n"));
  for (const [title, table] of [["label", tally], ["label, recipe", byRecipe]] as const) {
    console.log(`\n| ${title} | pairs | refused | rate |\n|---|---|---|---|`);
    for (const [key, row] of [...table].sort(([a], [b]) => a.localeCompare(b))) {
      console.log(`| ${key} | ${row.pairs} | ${row.refused} | ${Math.round((row.refused / row.pairs) * 100)} % |`);
    }
  }
}

await main();
