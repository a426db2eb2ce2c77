/**
 * Starts an instance script (test/app-instance.ts by default) in a child process with the
 * test's environment (same database and data folder) and a port of its own; resolves
 * with the URL it prints as "ready <url>".
 */
import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "./process-harness";
import path from "node:path";

export interface SpawnedInstance {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function spawnInstance(extraEnv: Record<string, string> = {}, script = "test/app-instance.ts"): Promise<SpawnedInstance> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve(script)], {
    env: { ...process.env, ...extraEnv, PORT: String(port), NODE_ENV: "test" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`instance did not start: ${out}`)), 60_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const ready = out.match(/ready (\S+)/);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]);
      }
    });
    child.once("exit", (code) => reject(new Error(`instance exited with ${code}: ${out}`)));
  });
  return {
    url,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
