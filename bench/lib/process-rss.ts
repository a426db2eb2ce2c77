/**
 * Resident memory of a process and its descendants, sampled from /proc (Linux), for
 * peak-memory figures of the running server.
 */
import fs from "node:fs";

function descendants(pid: number): number[] {
  const children: number[] = [];
  for (const task of safeList(`/proc/${pid}/task`)) {
    const text = safeRead(`/proc/${pid}/task/${task}/children`);
    for (const child of text.split(/\s+/).filter(Boolean).map(Number)) children.push(child, ...descendants(child));
  }
  return children;
}

function safeList(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

function safeRead(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

/** Bytes resident now in the process tree rooted at pid. */
export function treeRss(pid: number): number {
  return [pid, ...descendants(pid)].reduce(
    (sum, p) => sum + Number(/VmRSS:\s+(\d+) kB/.exec(safeRead(`/proc/${p}/status`))?.[1] ?? 0) * 1024,
    0,
  );
}

/** Samples treeRss every `everyMs` until stopped; `stop()` returns the highest sample. */
export function samplePeakRss(pid: number, everyMs = 100): { stop(): number } {
  let peak = treeRss(pid);
  const timer = setInterval(() => (peak = Math.max(peak, treeRss(pid))), everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, treeRss(pid));
    },
  };
}
