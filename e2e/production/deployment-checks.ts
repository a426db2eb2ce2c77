/**
 * Checks of the deployment machinery itself: the release-step migration run twice at
 * once, the refusal to start on Vercel without settings or anywhere in production
 * without secrets, and the signed serve endpoint.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import canonicalize from "canonicalize";
import postgres from "postgres";
import { startProcess, stopProcess, waitForHttp } from "./processes";

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** `npm run db:migrate` twice at the same moment (two deployments' release steps), then once more. */
export async function concurrentMigrations(root: string, databaseUrl: string, logDir: string): Promise<void> {
  const run = (name: string) => {
    const proc = startProcess(name, ["npm", "run", "--silent", "db:migrate"], { env: { DATABASE_URL: databaseUrl }, logDir });
    return proc.exited.then((code) => ({ code, output: proc.output() }));
  };
  const both = await Promise.all([run("migrate-a"), run("migrate-b")]);
  for (const { code, output } of both)
    check(code === 0 && output.includes("Migrations applied."), `a concurrent migration failed:\n${output.slice(-2000)}`);
  const again = await run("migrate-again");
  check(again.code === 0, `a repeated migration failed:\n${again.output.slice(-2000)}`);

  const journal = JSON.parse(fs.readFileSync(path.join(root, "db/migrations/meta/_journal.json"), "utf8")) as { entries: unknown[] };
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from drizzle.__drizzle_migrations`;
    check(count === journal.entries.length, `${count} migrations recorded for ${journal.entries.length} in the journal`);
  } finally {
    await sql.end();
  }
}

/** `next start` with VERCEL=1 and nothing else answers 500 and logs every missing setting by name. */
export async function refusesVercelWithoutSettings(port: number, logDir: string): Promise<void> {
  const app = startProcess("vercel-without-settings", ["npx", "next", "start", "-p", String(port), "-H", "127.0.0.1"], {
    env: { VERCEL: "1" },
    logDir,
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/sign-in`, app, 60_000);
    const response = await fetch(`${url}/api/v1/me`).catch(() => null);
    check(!response?.ok, `the app served ${response?.status} on Vercel without settings`);
    await new Promise((r) => setTimeout(r, 500));
    check(app.output().includes("Atrium cannot start on Vercel"), `no refusal logged:\n${app.output().slice(-2000)}`);
    for (const name of ["DATABASE_URL", "S3_BUCKET", "INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "AUTH_SECRET", "STUDIO_ENCRYPTION_KEY"]) {
      check(app.output().includes(`  ${name}: `), `the refusal does not name ${name}:\n${app.output().slice(-2000)}`);
    }
  } finally {
    await stopProcess(app.child);
  }
}

/**
 * `next start` in production on a database of its own (a VM, a container) without its
 * secrets answers nothing with generated ones: it logs every missing secret by name.
 */
export async function refusesProductionWithoutSecrets(port: number, databaseUrl: string, logDir: string): Promise<void> {
  const app = startProcess("production-without-secrets", ["npx", "next", "start", "-p", String(port), "-H", "127.0.0.1"], {
    env: { DATABASE_URL: databaseUrl, AUTH_SECRET: "", STUDIO_ENCRYPTION_KEY: "", STORAGE_SIGNING_SECRET: "" },
    logDir,
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/sign-in`, app, 60_000);
    const response = await fetch(`${url}/api/v1/me`, { headers: { "x-api-key": "idk_probe" } }).catch(() => null);
    check(!response?.ok, `the app served ${response?.status} in production without secrets`);
    await new Promise((r) => setTimeout(r, 500));
    check(
      app.output().includes("Atrium cannot start in production without its secrets"),
      `no refusal logged:\n${app.output().slice(-2000)}`,
    );
    for (const name of ["AUTH_SECRET", "STUDIO_ENCRYPTION_KEY", "STORAGE_SIGNING_SECRET"]) {
      check(app.output().includes(`  ${name}: `), `the refusal does not name ${name}:\n${app.output().slice(-2000)}`);
    }
  } finally {
    await stopProcess(app.child);
  }
}

function signature(body: unknown, key: string): string {
  const t = String(Math.floor(Date.now() / 1000));
  const s = crypto
    .createHmac("sha256", key)
    .update(`${canonicalize(body)}${t}`)
    .digest("hex");
  return `t=${t}&s=${s}`;
}

/** POSTs and in-band sync PUTs to /api/inngest without a valid signature are refused. */
export async function serveEndpointIsSigned(appUrl: string): Promise<void> {
  const body = {
    event: { name: "v1/job.requested", data: {} },
    events: [],
    steps: {},
    ctx: { run_id: "forged", attempt: 0, stack: { stack: [], current: 0 } },
  };
  const call = (headers: Record<string, string>) =>
    fetch(`${appUrl}/api/inngest?fnId=atrium-sample-chain&stepId=step`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const unsigned = await call({});
  check(unsigned.status === 401, `an unsigned call answered ${unsigned.status}`);
  const forged = await call({ "x-inngest-signature": signature(body, crypto.randomBytes(32).toString("hex")) });
  check(forged.status === 401, `a call signed with another key answered ${forged.status}`);

  const sync = await fetch(`${appUrl}/api/inngest`, {
    method: "PUT",
    headers: { "content-type": "application/json", "x-inngest-sync-kind": "in_band" },
    body: JSON.stringify({ url: `${appUrl}/api/inngest` }),
  });
  const text = await sync.text();
  check(!text.includes('"functions"'), `an unsigned sync was given the function list (${sync.status})`);
}

/**
 * Vercel deploys each function with the files its build trace lists, not node_modules.
 * Each heavy part must be traced into the functions that run it and no other
 * (next.config.mjs, HEAVY_PARTS): the ffmpeg binary the installer resolves at run time
 * (the path video-ffmpeg.ts spawns) only into the durable-function route, OpenCV into it
 * and /inpaint, libvips into the functions that decode images; the migrations wherever
 * the database is used; ffprobe, used only by tests, nowhere.
 */
export async function tracesCarryWhatEachFunctionRuns(root: string): Promise<void> {
  const require = createRequire(path.join(root, "package.json"));
  const parts: Record<string, (file: string) => boolean> = {
    ffmpeg: (file) => file === (require("@ffmpeg-installer/ffmpeg") as { path: string }).path,
    ffprobe: (file) => file.includes("/@ffprobe-installer/"),
    OpenCV: (file) => file.endsWith("/@techstark/opencv-js/dist/opencv.js"),
    libvips: (file) => /sharp-libvips-linux-x64\/lib\/libvips-cpp\.so/.test(file),
    migrations: (file) => file === path.join(root, "db/migrations/meta/_journal.json"),
  };
  const expected: Record<string, string[]> = {
    "api/inngest/route": ["ffmpeg", "OpenCV", "libvips", "migrations"],
    "api/v1/inpaint/route": ["OpenCV", "libvips", "migrations"],
    "api/v1/video/route": ["libvips", "migrations"],
    "api/trpc/[trpc]/route": ["libvips", "migrations"],
    "api/inngest/local/e/[key]/route": ["migrations"],
    "api/v1/me/route": ["migrations"],
    "api/auth/[...nextauth]/route": ["migrations"],
    "(auth)/sign-in/page": ["migrations"],
  };
  for (const [route, carried] of Object.entries(expected)) {
    const traceFile = path.join(root, ".next/server/app", `${route}.js.nft.json`);
    const { files } = JSON.parse(fs.readFileSync(traceFile, "utf8")) as { files: string[] };
    const traced = files.map((file) => path.resolve(path.dirname(traceFile), file));
    for (const [part, isPart] of Object.entries(parts)) {
      const has = traced.some(isPart);
      check(has === carried.includes(part), `/${route} ${has ? "carries" : "does not carry"} ${part}`);
    }
  }
}

/**
 * The functions deployed without the heavy parts work without them: a second `next start`
 * in which sharp, OpenCV and ffmpeg cannot be loaded (test/deny-heavy-parts.cjs) serves a
 * page, next-auth, tRPC and the reading routes of the API. A route that does decode an
 * image fails there with the error that names the missing part, which also shows that the
 * parts really were out of reach.
 */
export async function leanFunctionsRunWithoutHeavyParts(options: {
  root: string;
  port: number;
  env: Record<string, string>;
  apiKey: string;
  imageUrl: string;
  logDir: string;
}): Promise<void> {
  const app = startProcess("app-without-heavy-parts", ["npx", "next", "start", "-p", String(options.port), "-H", "127.0.0.1"], {
    env: { ...options.env, PORT: String(options.port), NODE_OPTIONS: `--require ${path.join(options.root, "test/deny-heavy-parts.cjs")}` },
    logDir: options.logDir,
  });
  const url = `http://127.0.0.1:${options.port}`;
  const key = { "x-api-key": options.apiKey };
  try {
    await waitForHttp(`${url}/sign-in`, app, 60_000);
    const answers: [string, number, RequestInit?][] = [
      ["/sign-in", 200],
      ["/api/auth/csrf", 200],
      ["/api/trpc/workspaces.list", 401],
      ["/api/v1/me", 200, { headers: key }],
      ["/api/v1/jobs", 200, { headers: key }],
      ["/api/openapi.json", 200],
    ];
    for (const [route, status, init] of answers) {
      const response = await fetch(url + route, { ...init, redirect: "manual" });
      await response.arrayBuffer();
      check(response.status === status, `${route} answered ${response.status}, not ${status}, without the heavy parts:\n${app.tail()}`);
    }
    const upscale = await fetch(`${url}/api/v1/upscale`, {
      method: "POST",
      headers: { ...key, "content-type": "application/json" },
      body: JSON.stringify({ image_url: options.imageUrl }),
    });
    await upscale.arrayBuffer();
    check(upscale.status >= 500, `/upscale answered ${upscale.status} although libvips could not be loaded`);
    await new Promise((r) => setTimeout(r, 300));
    check(
      app.output().includes("sharp (libvips) could not be loaded in this function"),
      `/upscale's failure does not name libvips:\n${app.tail()}`,
    );
  } finally {
    await stopProcess(app.child);
  }
}

/** The development pages (the local executor's runs, the mail outbox) do not exist on a production server. */
export async function devPagesAbsent(appUrl: string): Promise<void> {
  for (const page of ["/dev/runs", "/dev/outbox", "/dev/outbox?to=someone@example.test"]) {
    const response = await fetch(`${appUrl}${page}`, { redirect: "manual" });
    const body = await response.text();
    check(response.status === 404, `${page} answered ${response.status} in production`);
    check(!/Mail sent by this development server|Local executor runs/.test(body), `${page} shows development content in production`);
  }
}
