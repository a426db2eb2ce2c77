/**
 * Child processes for the production smoke suite: started with exactly the settings a
 * deployment would have (nothing inherited), logged to files, remembered and stopped by
 * pid (its whole process group) at the end, pass or fail. Ports and waiting come from
 * the shared harness (test/process-harness.ts).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { waitForHttp as waitForAnswer } from "../../test/process-harness";

export { freePort } from "../../test/process-harness";

const started: ChildProcess[] = [];

export interface Started {
  name: string;
  child: ChildProcess;
  /** The end of the output, for error messages. */
  tail(): string;
  /** Everything the process printed so far (stdout and stderr), also kept in its log file. */
  output(): string;
  exited: Promise<number | null>;
}

/** Starts `command` in its own process group with exactly `env` (plus PATH and HOME), logging to logDir/name.log. */
export function startProcess(name: string, command: string[], options: { env: Record<string, string>; logDir: string }): Started {
  const log = fs.createWriteStream(path.join(options.logDir, `${name}.log`));
  let output = "";
  const child = spawn(command[0], command.slice(1), {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      log.write(chunk);
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  started.push(child);
  return { name, child, tail: () => output.slice(-3000), output: () => output, exited };
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const gone = new Promise((resolve) => child.once("exit", resolve));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // already gone
    }
  }, 10_000);
  await gone;
  clearTimeout(timer);
}

export async function stopAllProcesses(): Promise<void> {
  await Promise.all(started.splice(0).reverse().map(stopProcess));
}

/** Resolves once `url` answers (any status), or throws with the process's output when it exits or time runs out. */
export function waitForHttp(url: string, proc: Started, timeoutMs = 120_000): Promise<void> {
  return waitForAnswer(url, { process: proc, timeoutMs, accept: () => true });
}

/** Resolves with the first line of the process's output that starts with `prefix`. */
export async function waitForLine(proc: Started, prefix: string, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const line = proc
      .output()
      .split("\n")
      .find((l) => l.startsWith(prefix));
    if (line) return line.slice(prefix.length).trim();
    if (proc.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no "${prefix}" line:\n${proc.output().slice(-3000)}`);
}
