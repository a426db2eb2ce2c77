/**
 * The one process harness of the tests, suites and bench: a free port, child processes
 * started in their own process group (so stopping one also stops what it started; every
 * one still running is stopped when the harness's process exits), and waiting until a
 * server answers. Used by bench/, e2e/production, db/embedded.test.ts and test/.
 */
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";

/** A port nothing listens on right now, chosen by the system. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface Started {
  name: string;
  child: ChildProcess;
  /** The last lines the process wrote, for error messages. */
  tail(): string;
  stop(): Promise<void>;
}

const running = new Set<Started>();

export function startProcess(name: string, command: string, args: string[], options: { env: NodeJS.ProcessEnv; cwd: string }): Started {
  const child = spawn(command, args, { env: options.env, cwd: options.cwd, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split("\n").filter(Boolean));
    if (lines.length > 60) lines.splice(0, lines.length - 60);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const started: Started = {
    name,
    child,
    tail: () => lines.join("\n"),
    async stop() {
      running.delete(started);
      if (child.exitCode !== null || child.signalCode !== null) return;
      signalGroup(child, "SIGTERM");
      const timer = setTimeout(() => signalGroup(child, "SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  running.add(started);
  return started;
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((p) => p.stop()));
}

process.once("exit", () => {
  for (const p of running) signalGroup(p.child, "SIGKILL");
});

/** What waitForHttp needs of a process: whether it died, and what it said last. */
export type Watched = Pick<Started, "name" | "child" | "tail">;

/** Polls `url` until `accept` likes the answer; fails with the process's last output otherwise. */
export async function waitForHttp(
  url: string,
  options: { process?: Watched; headers?: Record<string, string>; timeoutMs?: number; accept?: (status: number) => boolean } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  const accept = options.accept ?? ((status) => status < 500);
  let last = "no answer";
  while (Date.now() < deadline) {
    if (options.process && options.process.child.exitCode !== null) {
      throw new Error(`${options.process.name} exited (${options.process.child.exitCode}):\n${options.process.tail()}`);
    }
    try {
      const response = await fetch(url, { headers: options.headers, signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      if (accept(response.status)) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not become ready (${last})${options.process ? `:\n${options.process.tail()}` : ""}`);
}
