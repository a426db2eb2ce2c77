/**
 * The production-mode smoke suite (`npm run test:production`): the built app started
 * with `next start` as a production deployment would run it, with every embedded
 * default replaced by its production counterpart:
 *   - Postgres through DATABASE_URL (a server of the suite's own), migrated by the
 *     release step `npm run db:migrate`;
 *   - S3 storage (s3rver standing in for the outside service) through S3_* settings;
 *   - Inngest in Cloud mode (INNGEST_EVENT_KEY / INNGEST_SIGNING_KEY / INNGEST_BASE_URL),
 *     a stand-in process driving the signed serve endpoint;
 *   - secrets given as settings.
 * Then workflows 1–4 and a video through the typed v1 client, and a studio upload in a
 * browser straight to S3. Ends with `N passed, M failed`; logs in e2e/artifacts/production.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createAtriumClient } from "@atrium/sdk";
import { startFixtureServer, type FixtureServer } from "@/test/fixture-server";
import { roomPhoto } from "@/test/images";
import { buildIsCurrent, ensureBuild } from "@/test/build-freshness";
import {
  concurrentMigrations,
  devPagesAbsent,
  leanFunctionsRunWithoutHeavyParts,
  refusesProductionWithoutSecrets,
  refusesVercelWithoutSettings,
  serveEndpointIsSigned,
  tracesCarryWhatEachFunctionRuns,
} from "./deployment-checks";
import { startPostgres, type TestPostgres } from "./postgres";
import { freePort, startProcess, stopAllProcesses, waitForHttp, waitForLine } from "./processes";
import { startS3, type TestS3 } from "./s3";
import { WORKFLOWS } from "./workflows";

const root = process.cwd();
const logDir = path.join(root, "e2e/artifacts/production");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "atrium-production-"));
fs.mkdirSync(logDir, { recursive: true });

let passed = 0;
let failed = 0;
const log = (line: string) => console.log(`  ${line}`);

async function check(name: string, body: () => Promise<void>): Promise<void> {
  const started = Date.now();
  try {
    await body();
    passed++;
    console.log(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    failed++;
    console.log(`✗ ${name}\n${String(error instanceof Error ? error.message : error).replace(/^/gm, "    ")}`);
  }
}

let postgresServer: TestPostgres | undefined;
let s3: TestS3 | undefined;
let fixtures: FixtureServer | undefined;

async function main(): Promise<void> {
  const wasCurrent = buildIsCurrent(root);
  await check(wasCurrent ? "built app is current" : "next build with no database and no secrets", async () =>
    // As a deployment builds: no database and no secrets in the environment.
    ensureBuild(root, { env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production" }, log }),
  );
  if (failed) return;
  await check("each serverless trace carries the heavy parts its function runs, and no other", () => tracesCarryWhatEachFunctionRuns(root));

  const [pgPort, s3Port, appPort, standInPort, fixturePort, refusalPort, leanPort] = await Promise.all(Array.from({ length: 7 }, freePort));
  const appUrl = `http://127.0.0.1:${appPort}`;
  postgresServer = await startPostgres(work, pgPort);
  s3 = await startS3(work, s3Port, appUrl);
  process.env.FIXTURE_PORT = String(fixturePort);
  fixtures = await startFixtureServer();
  const { databaseUrl } = postgresServer;
  log(`Postgres ${pgPort}, S3 ${s3.endpoint}, app ${appUrl}`);

  await check("release step: two `npm run db:migrate` at once, then again", () => concurrentMigrations(root, databaseUrl, logDir));
  await check("on Vercel without settings the app refuses to serve, naming each setting", () =>
    refusesVercelWithoutSettings(refusalPort, logDir),
  );
  await check("in production anywhere without its secrets the app refuses to serve, naming each", () =>
    refusesProductionWithoutSecrets(refusalPort, databaseUrl, logDir),
  );

  const standIn = startProcess("inngest-stand-in", ["npx", "tsx", "e2e/production/inngest-stand-in.ts"], {
    env: {
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(work, "stand-in"),
      STAND_IN_PORT: String(standInPort),
      SERVE_URL: `${appUrl}/api/inngest`,
    },
    logDir,
  });
  const keys = JSON.parse(await waitForLine(standIn, "READY ")) as { eventKey: string; signingKey: string };

  const appDataDir = path.join(work, "app-data");
  const appEnv = {
    NODE_ENV: "production",
    APP_URL: appUrl,
    DATA_DIR: appDataDir,
    DATABASE_URL: databaseUrl,
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
    INNGEST_BASE_URL: `http://127.0.0.1:${standInPort}`,
    INNGEST_EVENT_KEY: keys.eventKey,
    INNGEST_SIGNING_KEY: keys.signingKey,
    AUTH_SECRET: crypto.randomBytes(32).toString("base64url"),
    STORAGE_SIGNING_SECRET: crypto.randomBytes(32).toString("base64url"),
    STUDIO_ENCRYPTION_KEY: crypto.randomBytes(32).toString("base64url"),
    V1_BASE_URL: `${appUrl}/api/v1`,
    V1_PREVIEW_FEATURES: "all",
    V1_FETCH_ALLOWLIST: `127.0.0.1:${fixturePort}`,
  };
  const app = startProcess("app", ["npx", "next", "start", "-p", String(appPort), "-H", "127.0.0.1"], {
    env: { ...appEnv, PORT: String(appPort) },
    logDir,
  });
  await waitForHttp(`${appUrl}/sign-in`, app);
  await waitForLine(standIn, "[stand-in] executor started", 120_000);

  await check("/api/inngest refuses unsigned and badly signed calls", () => serveEndpointIsSigned(appUrl));
  await check("the development pages are absent in production", () => devPagesAbsent(appUrl));

  const admin = startProcess(
    "admin",
    ["npm", "run", "--silent", "admin", "--", "account", "create", "--name", "Smoke", "--plan", "business", "--credits", "1000", "--json"],
    {
      env: { DATABASE_URL: databaseUrl },
      logDir,
    },
  );
  await admin.exited;
  const { api_key: apiKey } = JSON.parse(admin.output().trim().split("\n").pop()!) as { api_key: string };
  const ctx = { client: createAtriumClient({ baseUrl: `${appUrl}/api/v1`, apiKey }), fixtures, bucketUrl: `${s3.endpoint}/${s3.bucket}/` };
  // Started together, as independent clients would; reported one by one.
  const runs = WORKFLOWS.map(([name, workflow]) => [name, workflow(ctx)] as const);
  for (const [, run] of runs) run.catch(() => {}); // reported by check() below, in order
  for (const [name, run] of runs) await check(name, () => run);

  await check("studio: a photo uploaded in the browser goes straight to S3", async () => {
    const playwright = startProcess("studio-upload", ["npx", "playwright", "test", "-c", "e2e/production/playwright.config.ts"], {
      env: {
        PRODUCTION_BASE_URL: appUrl,
        PRODUCTION_BUCKET_URL: ctx.bucketUrl,
        CHROMIUM_PATH: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      },
      logDir,
    });
    const code = await playwright.exited;
    if (code !== 0) throw new Error(playwright.output().slice(-4000));
  });

  await check("the functions deployed without sharp, OpenCV and ffmpeg serve without them", async () =>
    leanFunctionsRunWithoutHeavyParts({
      root,
      port: leanPort,
      env: { ...appEnv, DATA_DIR: path.join(work, "lean-app-data") },
      apiKey,
      imageUrl: fixtures!.serve("/lean.jpg", await roomPhoto(320, 240)),
      logDir,
    }),
  );

  await check("nothing was written to the app's local disk (DATA_DIR)", async () => {
    const written = fs.existsSync(appDataDir) ? fs.readdirSync(appDataDir, { recursive: true }) : [];
    if (written.length > 0) throw new Error(`DATA_DIR holds ${written.join(", ")}`);
  });
}

const watchdog = setTimeout(() => {
  console.log("✗ the suite ran out of time (8 minutes)");
  failed++;
  void finish();
}, 8 * 60_000);

async function finish(): Promise<never> {
  clearTimeout(watchdog);
  await stopAllProcesses();
  await fixtures?.close().catch(() => {});
  await s3?.close().catch(() => {});
  await postgresServer?.stop().catch(() => {});
  fs.rmSync(work, { recursive: true, force: true });
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

main()
  .catch((error) => {
    failed++;
    console.log(`✗ the suite could not run:\n${String(error?.stack ?? error).replace(/^/gm, "    ")}`);
  })
  .finally(finish);
