#!/usr/bin/env node
/**
 * Where a V8 CPU profile's time went: self time by function and by package or folder,
 * and inclusive time of the heaviest frames of our own code. Usage:
 *   node bench/lib/summarize-profile.mjs file.cpuprofile [--top 25]
 */
import fs from "node:fs";

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error("usage: summarize-profile.mjs file.cpuprofile [--top N]");
  process.exit(2);
}
const top = Number(rest[rest.indexOf("--top") + 1]) || 25;
const profile = JSON.parse(fs.readFileSync(file, "utf8"));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

// Each sample's duration is the delta that follows it.
const selfMs = new Map();
profile.samples.forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000));
const totalMs = [...selfMs.values()].reduce((a, b) => a + b, 0);

/** node_modules/<pkg>, our folder (server/v1, inngest/local, ...), or the V8 category. */
function area(frame) {
  const url = frame.url ?? "";
  if (!url) return `(${frame.functionName || "program"})`;
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (url.startsWith("node:")) return url;
  const ours = url.match(/\/(app|server|inngest|db|shared|components)\/([^/]+)/);
  if (ours) return `${ours[1]}/${ours[2]}`;
  const chunk = url.match(/\.next\/server\/(.*)/);
  return chunk ? `.next/${chunk[1].slice(0, 40)}` : url.slice(-50);
}
const label = (frame) =>
  `${frame.functionName || "(anonymous)"} ${(frame.url ?? "").split("/").slice(-2).join("/")}:${frame.lineNumber + 1}`;

const sum = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
const bySelf = new Map();
const byArea = new Map();
const inclusive = new Map();
for (const [id, ms] of selfMs) {
  const frame = byId.get(id).callFrame;
  sum(bySelf, label(frame), ms);
  sum(byArea, area(frame), ms);
  // Inclusive: every distinct frame on the stack once.
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const key = label(byId.get(at).callFrame);
    if (!seen.has(key)) {
      seen.add(key);
      sum(inclusive, key, ms);
    }
  }
}
const print = (title, map, filter = () => true) => {
  console.log(`\n${title}`);
  for (const [key, ms] of [...map]
    .filter(([k]) => filter(k))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)) {
    console.log(`${ms.toFixed(0).padStart(8)} ms ${((ms / totalMs) * 100).toFixed(1).padStart(5)} %  ${key}`);
  }
};
console.log(`${file}: ${(totalMs / 1000).toFixed(1)} s sampled`);
print("self time by area", byArea);
print("self time by function", bySelf);
print(
  "inclusive time, frames outside node_modules and node internals",
  inclusive,
  (k) => !k.includes("node_modules") && !k.includes(" node:") && !k.startsWith("("),
);
