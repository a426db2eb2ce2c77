/**
 * The browser and contract specs test the server their own run started, never one that
 * was already listening on the port (another checkout's, or a build older than the
 * sources): with something answering there, the run stops before any spec, saying so.
 */
import { spawn } from "node:child_process";
import http from "node:http";
import { expect, test } from "vitest";
import { freePort } from "@/test/process-harness";

test("a server already answering on the Playwright port fails the run instead of being tested", async () => {
  const stale = http.createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end("<title>a stale server</title>"));
  const port = await freePort();
  await new Promise<void>((resolve) => stale.listen(port, "127.0.0.1", resolve));
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, E2E_PORT: String(port), E2E_FIXTURE_PORT: String(await freePort()) };
    delete env.CI;
    const run = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn("npx", ["playwright", "test", "e2e/api/contract.spec.ts", "--grep", "OpenAPI document", "--reporter=line"], {
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
      child.on("close", (code) => resolve({ code, output }));
    });
    expect(run.code).not.toBe(0);
    expect(run.output).toContain(`http://localhost:${port}/sign-in is already used`);
    expect(run.output).not.toMatch(/\d+ (passed|failed)/);
  } finally {
    await new Promise((resolve) => stale.close(resolve));
  }
}, 120_000);
