/**
 * The one stack the HTTP tests run against, set up once per test file: the app's route
 * handlers over HTTP (app-server.ts), the fixture server for source images when asked,
 * and a local executor running the given durable functions when given. It registers its
 * own beforeAll and afterAll (the latter also drops providers a test swapped in and closes
 * the database), so a file only names what it needs:
 *
 *   const stack = useAppStack({ functions: v1Functions, fixtures: true });
 *   it("…", async () => { await fetch(`${stack.app.url}/api/v1/me`, …) });
 */
import type { InngestFunction } from "inngest";
import { afterAll, beforeAll } from "vitest";
import { closeDb } from "@/db/client";
import { setProvidersForTesting } from "@/server/providers";
import { startAppServer, type AppServer } from "./app-server";
import { startTestExecutor, type TestExecutor } from "./executor";
import { startFixtureServer, type FixtureServer } from "./fixture-server";

export interface AppStack {
  app: AppServer;
  /** Set when asked for with `fixtures: true`. */
  fixtures: FixtureServer;
  /** Set when `functions` are given. */
  executor: TestExecutor;
}

/** `fixtures: "https"` serves them over TLS (test/fixture-server.ts). */
export function useAppStack(options: { functions?: readonly InngestFunction.Any[]; fixtures?: boolean | "https" } = {}): AppStack {
  const stack = {} as AppStack;
  beforeAll(async () => {
    stack.app = await startAppServer();
    if (options.fixtures) stack.fixtures = await startFixtureServer({ tls: options.fixtures === "https" });
    if (options.functions) stack.executor = await startTestExecutor({ functions: options.functions });
  }, 60_000);
  afterAll(async () => {
    setProvidersForTesting(null);
    await stack.executor?.stop();
    await stack.fixtures?.close();
    await stack.app?.close();
    await closeDb();
  });
  return stack;
}
