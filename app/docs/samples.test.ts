/**
 * Every sample of the /docs page's Quickstart and route reference, run as a customer
 * would run it against the app: curl in bash, TypeScript with tsx after `tsc --strict`
 * has checked it, Python with python3 and requests. Only the key and base URL come from
 * the environment, and the photos' example addresses are swapped for served ones (as a
 * reader puts in their own); the photo sent inline (the property description) is over
 * 1 MB, as phone photos are. Python runs wherever python3 is,
 * and in CI always (`.ci/run` installs Debian's python3-requests): a missing one fails
 * there. The SDK's samples and MCP configurations run in packages/sdk/pack.http.test.ts.
 */
import { execFile, spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { v1Functions } from "@/inngest/functions/v1";
import { createVerbContext } from "@/server/context";
import { buildOpenApiDocument } from "@/server/v1/openapi/document";
import { createEndpoint } from "@/server/v1/services/webhooks/create-endpoint";
import { listDeliveries } from "@/server/v1/services/webhooks/list-deliveries";
import { sendTestEvent } from "@/server/v1/services/webhooks/send-test-event";
import { useAppStack } from "@/test/app-stack";
import { makeAccount } from "@/test/fixtures";
import { freePort } from "@/test/process-harness";
import { roomPhoto } from "@/test/images";
import { curlLine, type Operation } from "./operation-section";
import { ENVIRONMENT, FIRST_CALL, VERIFY_WEBHOOK, WORKFLOWS, type Sample } from "./samples";

vi.hoisted(() => {
  process.env.V1_WEBHOOKS_ENABLED = "true";
  // As under `npm run dev`: the sample receivers listen on this machine.
  process.env.V1_WEBHOOK_LOOPBACK = "true";
});

const run = promisify(execFile);
/** Python samples run wherever python3 is, and always in CI, where a missing python3 or requests fails them. */
const runsPython = process.env.CI === "true" || spawnSync("python3", ["--version"]).status === 0;

const stack = useAppStack({ functions: v1Functions, fixtures: true });
// Inside the checkout, so a sample's `import "standardwebhooks"` resolves as in a customer's project.
fs.mkdirSync(path.resolve(".data"), { recursive: true });
const dir = fs.mkdtempSync(path.resolve(".data", "samples-"));
let env: NodeJS.ProcessEnv;
let photos: string;
let photo: Buffer;

beforeAll(async () => {
  const { apiKey } = await makeAccount({ plan: "business", credits: 500 });
  env = { ...process.env, [ENVIRONMENT.baseUrl]: `${stack.app.url}/api/v1`, [ENVIRONMENT.apiKey]: apiKey };
  // A noisy 1400×1050 JPEG: well over 1 MB, as phone photos are.
  const noise = await sharp(Buffer.from(Array.from({ length: 1400 * 1050 * 3 }, (_, i) => (i * 2654435761) % 251)), {
    raw: { width: 1400, height: 1050, channels: 3 },
  })
    .composite([{ input: await roomPhoto(1400, 1050), blend: "overlay" }])
    .jpeg({ quality: 95 })
    .toBuffer();
  photo = noise;
  const mask = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#000" } })
    .composite([{ input: { create: { width: 160, height: 120, channels: 3, background: "#fff" } }, left: 240, top: 240 }])
    .png()
    .toBuffer();
  // The photo fetched by address is a smaller one: a job group makes up to 4 outputs of it, three languages at once.
  photos = new URL(stack.fixtures.serve("/photos/living-room.jpg", await roomPhoto(640, 480))).origin + "/photos/";
  stack.fixtures.serve("/photos/living-room-2.jpg", await roomPhoto(640, 480));
  stack.fixtures.serve("/photos/mask.png", mask, "image/png");
  fs.writeFileSync(path.join(dir, "living-room.jpg"), photo);
}, 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A sample with the photos' example addresses pointing at the served ones. */
const local = (source: string) => source.replaceAll("https://example.com/photos/", photos);

async function curl(script: string, extra: Record<string, string> = {}): Promise<string> {
  return (await run("bash", ["-euc", script], { env: { ...env, ...extra }, cwd: dir, timeout: 150_000 })).stdout;
}

function tsFile(source: string): string {
  const file = path.join(dir, `sample-${Math.random().toString(36).slice(2)}.mts`);
  fs.writeFileSync(file, source);
  return file;
}

async function typescript(source: string): Promise<string> {
  return (await run(process.execPath, ["--import", "tsx", tsFile(source)], { env, cwd: dir, timeout: 150_000 })).stdout;
}

async function python(source: string): Promise<string | null> {
  if (!runsPython) return null;
  return (await run("python3", ["-c", source], { env, cwd: dir, timeout: 150_000 })).stdout;
}

const samples: [string, Sample][] = [
  ["first call", FIRST_CALL],
  ...WORKFLOWS.map((workflow): [string, Sample] => [workflow.id, workflow.sample]),
  ["webhook receiver", VERIFY_WEBHOOK],
];

it("has a photo over 1 MB to send", () => {
  expect(photo.length).toBeGreaterThan(1_000_000);
});

it("type-checks every TypeScript sample under tsc --strict", { timeout: 120_000 }, async () => {
  const files = samples.map(([, sample]) => tsFile(sample.typescript));
  const tsc = path.resolve("node_modules/.bin/tsc");
  const flags = [
    "--noEmit",
    "--strict",
    "--skipLibCheck",
    "--module",
    "nodenext",
    "--moduleResolution",
    "nodenext",
    "--target",
    "es2022",
    "--lib",
    "es2023,dom",
    "--types",
    "node",
  ];
  await expect(run(tsc, [...flags, ...files], { cwd: dir })).resolves.toBeDefined();
});

describe("the quickstart", () => {
  it("makes a first call in curl, TypeScript and Python", async () => {
    const [viaCurl, viaTypeScript, viaPython] = await Promise.all([
      curl(FIRST_CALL.curl),
      typescript(FIRST_CALL.typescript),
      python(FIRST_CALL.python),
    ]);
    expect(viaCurl).toMatch(/^HTTP\/1\.1 200/);
    expect(viaCurl).toMatch(/x-request-id: req_[0-9a-f]{32}/);
    expect(viaTypeScript).toMatch(/^200 req_[0-9a-f]{32}\n\{\s*api_monthly_quota: \d+/);
    if (viaPython !== null) expect(viaPython).toMatch(/^200 req_[0-9a-f]{32}\n\{'api_monthly_quota': \d+/);
  });

  /** What each workflow prints when it worked, per language. */
  const WORKED: Record<string, { curl: RegExp; typescript: RegExp; python: RegExp }> = {
    "stage-a-photo": {
      curl: /\{"status":"completed","data":\{.*"output_urls":\["http/,
      typescript: /^completed \[\s*'http/,
      python: /^completed \['http/,
    },
    "multi-view": {
      curl: /\{"job_id":"[^"]+","status":"completed","result":\{"render_set_id"/,
      typescript: /^completed \[/,
      python: /^completed \[/,
    },
    "inpaint-upscale": { curl: /"credits_charged":2/, typescript: /^http\S+ 2$/m, python: /^http\S+ 2$/m },
    "property-description": {
      curl: /"status":"completed","result":\{"description":"[^"]*\$450,000/,
      typescript: /\$450,000/,
      python: /\$450,000/,
    },
  };

  it.each(WORKFLOWS.map((workflow) => [workflow.id, workflow] as const))(
    "runs the %s workflow in curl, TypeScript and Python",
    { timeout: 240_000 },
    async (id, workflow) => {
      // The three at once (only the curl one writes files in the folder).
      const [viaCurl, viaTypeScript, viaPython] = await Promise.all([
        curl(local(workflow.sample.curl)),
        typescript(local(workflow.sample.typescript)),
        python(local(workflow.sample.python)),
      ]);
      expect(viaCurl).toMatch(WORKED[id].curl);
      expect(viaTypeScript).toMatch(WORKED[id].typescript);
      if (viaPython !== null) expect(viaPython).toMatch(WORKED[id].python);
    },
  );

  it("stops with the API's refusal when the first request is refused", async () => {
    const stage = WORKFLOWS[0].sample;
    const refused = { ...env, [ENVIRONMENT.apiKey]: "idk_not-a-real-key" };
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => "",
        (error: { stderr?: string; stdout?: string }) => `${error.stdout}${error.stderr}`,
      );
    expect(await failure(run("bash", ["-euc", stage.curl], { env: refused, cwd: dir }))).toContain('"code":"invalid_api_key"');
    expect(await failure(run(process.execPath, ["--import", "tsx", tsFile(stage.typescript)], { env: refused, cwd: dir }))).toMatch(
      /\/job answered 403: .*invalid_api_key/,
    );
    if (runsPython)
      expect(await failure(run("python3", ["-c", stage.python], { env: refused, cwd: dir }))).toMatch(
        /\/job answered 403: .*invalid_api_key/,
      );
  });
});

describe("the webhook receivers", () => {
  const receivers: ChildProcess[] = [];
  afterAll(() => receivers.forEach((receiver) => receiver.kill()));

  /** Starts a receiver sample on `port` and waits until it refuses a forged delivery; its output so far. */
  async function receiver(command: string, args: string[], port: number, secret: string): Promise<() => string> {
    const child = spawn(command, args, { env: { ...env, PORT: String(port), [ENVIRONMENT.webhookSecret]: secret }, cwd: dir });
    receivers.push(child);
    let output = "";
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    const forged = {
      method: "POST",
      body: "{}",
      headers: { "webhook-id": "evt_x", "webhook-timestamp": String(Math.floor(Date.now() / 1000)), "webhook-signature": "v1,AAAA" },
    };
    await vi.waitFor(async () => expect((await fetch(`http://127.0.0.1:${port}/`, forged)).status, output).toBe(400), {
      timeout: 60_000,
      interval: 250,
    });
    return () => output;
  }

  it("accept a real signed delivery and refuse a forged one, in TypeScript and Python", { timeout: 180_000 }, async () => {
    const db = await getDb();
    const { accountId } = await makeAccount();
    const languages: [string, string, string[]][] = [
      ["TypeScript", process.execPath, ["--import", "tsx", tsFile(VERIFY_WEBHOOK.typescript)]],
    ];
    if (runsPython) languages.push(["Python", "python3", ["-c", VERIFY_WEBHOOK.python]]);
    for (const [language, command, args] of languages) {
      const port = await freePort();
      const { endpointId, secret } = await createEndpoint(db, {
        accountId,
        url: `http://127.0.0.1:${port}/hooks/atrium`,
        eventTypes: ["job.completed"],
      });
      const output = await receiver(command, args, port, secret);
      const { eventId } = await sendTestEvent(await createVerbContext(), { accountId, endpointId });
      await vi.waitFor(
        async () => expect((await listDeliveries(db, { accountId, endpointId, limit: 1 })).rows[0]?.status, language).toBe("delivered"),
        { timeout: 30_000, interval: 100 },
      );
      expect(output(), language).toContain(`webhook.test ${eventId}`);
    }
  });

  it("check the contract's signature of a saved delivery with openssl (curl tab)", { timeout: 60_000 }, async () => {
    const db = await getDb();
    const { accountId } = await makeAccount();
    const hook = stack.fixtures.serve("/hook-saved", "", "text/plain", 204);
    const { endpointId, secret } = await createEndpoint(db, { accountId, url: hook, eventTypes: ["job.completed"] });
    await sendTestEvent(await createVerbContext(), { accountId, endpointId });
    await vi.waitFor(() => expect(stack.fixtures.received("/hook-saved")).toHaveLength(1), { timeout: 30_000, interval: 100 });
    const [delivery] = stack.fixtures.received("/hook-saved");
    fs.writeFileSync(path.join(dir, "body.json"), delivery.body);
    const signature = await curl(VERIFY_WEBHOOK.curl, {
      TIMESTAMP: String(delivery.headers["x-service-timestamp"]),
      [ENVIRONMENT.webhookSecret]: secret,
    });
    expect(signature.trim()).toBe(delivery.headers["x-service-signature"]);
  });
});

describe("the route reference's curl examples", () => {
  const document = buildOpenApiDocument();
  const example = (operationId: string) => {
    for (const [route, item] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(item as Record<string, Operation>))
        if (operation.operationId === operationId) return curlLine(method, route, operation);
    }
    throw new Error(`no operation ${operationId}`);
  };
  /** Runs one route's example, with the ids a reader would put in, and answers its JSON body, which must not be a refusal. */
  async function runExample(
    operationId: string,
    ids: Record<string, string> = {},
    replace: [string, string][] = [],
  ): Promise<Record<string, unknown>> {
    const script = replace.reduce((text, [from, to]) => text.replaceAll(from, to), local(example(operationId)));
    const body = JSON.parse(await curl(script, ids)) as Record<string, unknown>;
    expect(body.code === undefined && body.status !== "failed", `${operationId}: ${JSON.stringify(body)}`).toBe(true);
    return body;
  }

  it("runs every route's example: all 13 answer without a refusal", { timeout: 240_000 }, async () => {
    const examples = new Set<string>();
    const ran = async (operationId: string, ids?: Record<string, string>, replace?: [string, string][]) => (
      examples.add(operationId),
      runExample(operationId, ids, replace)
    );
    const { jobId } = (await ran("createJob")) as { jobId: string };
    await ran("listJobs");
    await vi.waitFor(async () => expect((await ran("getJob", { JOB_ID: jobId })).status).not.toBe("processing"), {
      timeout: 60_000,
      interval: 500,
    });
    const set = (await ran("createMultiview")) as { result: { render_set_id: string } };
    const RENDER_SET_ID = set.result.render_set_id;
    await vi.waitFor(async () => expect((await ran("getMultiview", { RENDER_SET_ID })).status).not.toBe("processing"), {
      timeout: 90_000,
      interval: 500,
    });
    await ran("redoMultiview", {}, [["7d8b5c1e-2f4a-4b7e-9a61-3c2d1e0f9a8b", RENDER_SET_ID]]);
    await ran("inpaint");
    await ran("upscale");
    const video = (await ran("createVideo")) as { job_id: string };
    await ran("getVideo", { JOB_ID: video.job_id });
    await ran("me");
    fs.writeFileSync(
      path.join(dir, "description-request.json"),
      JSON.stringify({
        images: [`data:image/jpeg;base64,${photo.toString("base64")}`],
        property_data: { property_type: "condo", price: 450000 },
      }),
    );
    await ran("describeProperty");
    await ran("deleteJob", {}, [["3f0c5a52-8a3e-4d4b-a2c1-6b9d0e7f1a23", jobId]]);
    expect(examples.size).toBe(Object.values(document.paths ?? {}).flatMap((item) => Object.keys(item as object)).length);
  });
});
