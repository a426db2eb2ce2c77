/**
 * Brings the real set's images (real-set.ts) out of snapshots of their repositories, by
 * `git show <commit>:<path>`, prepared as the stored ones are (upright, cropped where the
 * manifest says, at most 1024 px, JPEG q88). Runs outside CI: the repositories are not
 * fetched from here.
 *
 * Usage: tsx scripts/structure-dev-set/fetch-real.ts <folder> [--stored]
 * <folder> holds the repositories the manifest names, each as a git directory (bare or a
 * clone) at <folder>/<owner>+<name>/repo, <folder>/<owner>+<name>, <folder>/<owner>/<name>
 * or <folder>/<name>. The pairs whose licence does not allow redistribution are written to
 * .data/structure-dev-set-real/ (git-ignored); with --stored, the stored pairs are
 * written to samples/structure-dev-set/real/ instead (to rebuild them).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { FETCHED_DIR, imagePath, loadRealSet, preparedImage, STORED_DIR, type RealRepository } from "./real-set";

/** The git directory of `repository` under `folder`, or null. */
function gitDirOf(folder: string, repository: RealRepository["repository"]): string | null {
  const [owner, name] = repository.replace(/^github\.com\//, "").split("/");
  const candidates = [`${owner}+${name}/repo`, `${owner}+${name}`, `${owner}/${name}`, name].map((dir) => path.join(folder, dir));
  for (const dir of candidates) {
    if (existsSync(path.join(dir, ".git"))) return path.join(dir, ".git");
    if (existsSync(path.join(dir, "HEAD")) && existsSync(path.join(dir, "objects"))) return dir;
  }
  return null;
}

function gitShow(gitDir: string, commit: string, file: string): Buffer {
  return execFileSync("git", ["--git-dir", gitDir, "show", `${commit}:${file}`], {
    maxBuffer: 256 * 1024 * 1024,
    stdio: ["ignore", "pipe", "pipe"],
  });
}

async function main() {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { stored: { type: "boolean" } } });
  const folder = positionals[0];
  if (!folder || !existsSync(folder)) {
    console.error("Usage: tsx scripts/structure-dev-set/fetch-real.ts <folder holding the repositories> [--stored]");
    process.exit(2);
  }
  const set = loadRealSet();
  const storage = values.stored ? "stored" : "fetched";
  mkdirSync(values.stored ? STORED_DIR : FETCHED_DIR, { recursive: true });
  const problems: string[] = [];
  const written = new Set<string>();
  for (const pair of set.pairs) {
    const repo = set.repositories[pair.from];
    if (repo.storage !== storage) continue;
    const gitDir = gitDirOf(folder, repo.repository);
    if (!gitDir) {
      problems.push(`${pair.id}: no git directory of ${repo.repository} under ${folder}`);
      continue;
    }
    for (const image of [pair.source, pair.output]) {
      const file = imagePath(set, pair, image);
      if (written.has(file)) continue;
      try {
        writeFileSync(file, await preparedImage(gitShow(gitDir, repo.commit, image.path), image.crop));
        written.add(file);
      } catch (error) {
        problems.push(
          `${pair.id}: ${image.path} at ${repo.commit.slice(0, 10)} of ${repo.repository}: ${(error as Error).message.split("\n")[0]}`,
        );
      }
    }
  }
  console.log(`${written.size} images written to ${values.stored ? STORED_DIR : FETCHED_DIR}.`);
  if (problems.length) {
    console.log([`${problems.length} could not be written:`, ...problems.map((p) => `  ${p}`)].join("\n"));
    process.exit(1);
  }
}

await main();
