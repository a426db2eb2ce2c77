/**
 * The reliability suite (`npm run test:reliability`): the production build (`next
 * start`, built first unless current: test/build-freshness.ts) against a real PostgreSQL, one app server
 * per concern so phases never disturb each other's figures:
 *   lane 1 — server "main": load for 3 minutes, alongside isolation then webhook receivers;
 *   lane 2 — server "hostile": hostile input; then server "faults": provider faults;
 *            then server "crash": SIGKILL mid-work and restart.
 * Secrets are scanned last, over every server log line and every response body.
 * Prints the figures and ends with "N passed, M failed"; exits 1 on any failure.
 *
 * Settings: RELIABILITY_PHASES (comma list; all by default), RELIABILITY_LOAD_SECONDS (180),
 * RELIABILITY_CASES (1000 per route), RELIABILITY_SEED,
 * RELIABILITY_PG_PORT (54359, when DATABASE_URL is unset).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ensureBuild } from "@/test/build-freshness";
import { freePort } from "@/test/process-harness";
import { startDatabaseServer, createDatabase, type SuiteDatabase } from "./lib/database";
import { startNextServer, type NextServer } from "./lib/next-server";
import { apiClient, responses } from "./lib/api";
import { Report } from "./lib/report";
import { startWebhookReceiver } from "./lib/webhook-receiver";
import { SUITE_WEBHOOK_RETRY_SECONDS } from "./lib/webhook-schedule";

const PHASES = (process.env.RELIABILITY_PHASES ?? "hostile,faults,crash,load,isolation,webhooks,secrets").split(",");
const LOAD_SECONDS = Number(process.env.RELIABILITY_LOAD_SECONDS ?? 180);
const CASES = Number(process.env.RELIABILITY_CASES ?? 1000);
const SEED = Number(process.env.RELIABILITY_SEED ?? 20_240_611);
const JSON_LIMIT = 1_000_000;
const PROPERTY_LIMIT = 4_000_000;

const runId = `${Date.now()}-${crypto.randomBytes(2).toString("hex")}`;
const suiteDir = path.resolve(".data", "reliability", "runs", runId);
const secrets = {
  AUTH_SECRET: crypto.randomBytes(32).toString("base64url"),
  STORAGE_SIGNING_SECRET: crypto.randomBytes(32).toString("base64url"),
  STUDIO_ENCRYPTION_KEY: crypto.randomBytes(32).toString("base64url"),
};
// The suite sets webhooks itself (phases/webhooks.ts), which seals their secrets: with the servers' key.
process.env.STUDIO_ENCRYPTION_KEY = secrets.STUDIO_ENCRYPTION_KEY;

async function main(): Promise<number> {
  const startedAt = Date.now();
  const report = new Report();
  ensureBuild(process.cwd(), { env: { ...process.env }, log: (line) => console.log(line) });

  // Source images are served on loopback, which only V1_FETCH_ALLOWLIST lets the app reach.
  process.env.FIXTURE_PORT = String(await freePort());
  const { startFixtureServer } = await import("@/test/fixture-server");
  const fixtures = await startFixtureServer();
  const receiver = await startWebhookReceiver(await freePort());
  process.env.V1_FETCH_ALLOWLIST = `127.0.0.1:${process.env.FIXTURE_PORT},127.0.0.1:${receiver.port}`;
  const { serveImages } = await import("./lib/fixtures");
  const images = await serveImages(fixtures);

  const pgServer = await startDatabaseServer();
  const servers: NextServer[] = [];
  const databases: SuiteDatabase[] = [];
  const dataDirs: string[] = [];

  const launch = async (name: string, env: Record<string, string>) => {
    const database = await createDatabase(pgServer, name);
    databases.push(database);
    const dataDir = path.join(suiteDir, name);
    dataDirs.push(dataDir);
    const server = await startNextServer({
      name,
      port: await freePort(),
      dataDir,
      env: {
        ...secrets,
        DATABASE_URL: database.url,
        V1_PREVIEW_FEATURES: "all",
        V1_FETCH_ALLOWLIST: process.env.V1_FETCH_ALLOWLIST!,
        LOCAL_EXECUTOR_LEASE_SECONDS: "15",
        ...env,
      },
    });
    servers.push(server);
    return { server, database, dataDir, api: apiClient(server.url) };
  };

  const has = (phase: string) => PHASES.includes(phase);
  try {
    const lane1 = (async () => {
      if (!has("load") && !has("isolation") && !has("webhooks")) return;
      // Deliveries retried after 1, 2, 4, 8… s: the D16 schedule's shape, in a suite's minutes.
      const main = await launch("main", {
        V1_WEBHOOKS_ENABLED: "true",
        V1_WEBHOOK_TIMEOUT_MS: "1500",
        V1_WEBHOOK_RETRY_SECONDS: SUITE_WEBHOOK_RETRY_SECONDS.join(","),
        V1_RATE_LIMIT_FREE: "20",
      });
      const side = (async () => {
        if (has("isolation")) {
          const { runIsolation } = await import("./phases/isolation");
          await runIsolation({ ...main, images }, report.phase("6 isolation"));
        }
        if (has("webhooks")) {
          const { runWebhooks } = await import("./phases/webhooks");
          await runWebhooks({ ...main, images, receiver }, report.phase("7 webhooks"));
        }
      })();
      if (has("load")) {
        const { runLoad } = await import("./phases/load");
        await runLoad({ ...main, images, seconds: LOAD_SECONDS, seed: SEED }, report.phase("4 load"));
      }
      await side;
    })();

    const lane2 = (async () => {
      if (has("hostile")) {
        const hostile = await launch("hostile", {
          V1_RATE_LIMIT_BUSINESS: "1000000",
          // Hundreds of its cases send wrong keys from loopback on purpose (the limit has its own test).
          V1_INVALID_KEY_IP_LIMIT: "1000000",
          V1_PROPERTY_BODY_LIMIT_BYTES: String(PROPERTY_LIMIT),
        });
        const { runHostile } = await import("./phases/hostile");
        const { makeAccounts } = await import("./lib/accounts");
        const { ROUTES } = await import("./lib/routes");
        const accounts = await makeAccounts(
          hostile.database.db,
          ROUTES.map((r) => ({ name: `hostile ${r.name}`, plan: "business" as const, credits: 1000 })),
        );
        const keys = new Map(ROUTES.map((r, i) => [r.name, accounts[i]]));
        await runHostile(
          {
            ...hostile,
            sql: hostile.database.sql,
            keys,
            casesPerRoute: CASES,
            seed: SEED,
            jsonLimit: JSON_LIMIT,
            propertyLimit: PROPERTY_LIMIT,
          },
          report.phase("3 hostile input"),
        );
        await hostile.server.stop();
      }
      if (has("faults")) {
        const faults = await launch("faults", { ATRIUM_TEST_FAULTS: `0.2,0.1,0.1,${SEED},1500` });
        const { runFaults } = await import("./phases/faults");
        await runFaults({ ...faults, images }, report.phase("2 provider faults"));
        await faults.server.stop();
      }
      if (has("crash")) {
        const crash = await launch("crash", {});
        const { runCrash } = await import("./phases/crash");
        await runCrash({ ...crash, images }, report.phase("1 crash"));
      }
    })();

    const outcomes = await Promise.allSettled([lane1, lane2]);
    for (const outcome of outcomes) {
      if (outcome.status === "rejected")
        report.phase("suite").expect("phase ran to its end", false, String((outcome.reason as Error)?.stack ?? outcome.reason));
    }
    await Promise.all(servers.map((s) => s.stop()));

    if (has("secrets")) {
      const { runSecretsScan } = await import("./phases/secrets");
      const { issuedKeys } = await import("./lib/accounts");
      await runSecretsScan(
        { servers, databases, dataDirs, settings: Object.values(secrets), apiKeys: issuedKeys, responses, receiver },
        report.phase("5 secrets"),
      );
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop().catch(() => undefined)));
    await fixtures.close();
    await receiver.close();
    await Promise.all(databases.map((d) => d.drop().catch(() => undefined)));
    if (!process.env.RELIABILITY_KEEP) fs.rmSync(suiteDir, { recursive: true, force: true });
  }
  const suite = report.phase("suite");
  suite.figure("responses checked", responses.count);
  suite.figure("wall time", `${Math.round((Date.now() - startedAt) / 1000)} s`);
  console.log(report.summary());
  return report.checks.some((c) => !c.ok) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    console.log("0 passed, 1 failed");
    process.exit(1);
  },
);
