/**
 * The Quickstart's samples run as a customer would run them, against the real route
 * handlers: the first call in curl, TypeScript and Python; staging a photo in TypeScript
 * and Python (the photo's address swapped for a local one); and the TypeScript webhook
 * receiver, which must accept a real signed delivery and refuse a forged one.
 */
import { execFile, spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { v1Functions } from "@/inngest/functions/v1";
import { createVerbContext } from "@/server/context";
import { createEndpoint } from "@/server/v1/services/webhooks/create-endpoint";
import { listDeliveries } from "@/server/v1/services/webhooks/list-deliveries";
import { sendTestEvent } from "@/server/v1/services/webhooks/send-test-event";
import { useAppStack } from "@/test/app-stack";
import { makeAccount } from "@/test/fixtures";
import { startFixtureServer, type FixtureServer } from "@/test/fixture-server";
import { roomPhoto } from "@/test/images";
import { FIRST_CALL, VERIFY_WEBHOOK, WORKFLOWS } from "./samples";

vi.hoisted(() => {
  process.env.V1_WEBHOOKS_ENABLED = "true";
});

const run = promisify(execFile);
/** The Python samples need python3 with requests (Debian's python3-requests); without them only those lines are skipped. */
const hasPython = spawnSync("python3", ["-c", "import requests"]).status === 0;

const stack = useAppStack({ functions: v1Functions });
let fixtures: FixtureServer | null;
let env: NodeJS.ProcessEnv;
let photoUrl: string;
// Inside the checkout, so a sample's `import "standardwebhooks"` resolves as in a customer's project.
fs.mkdirSync(path.resolve(".data"), { recursive: true });
const dir = fs.mkdtempSync(path.resolve(".data", "samples-"));

beforeAll(async () => {
  const { apiKey } = await makeAccount();
  env = { ...process.env, BASE_URL: `${stack.app.url}/api/v1`, API_KEY: apiKey };
  // The fixture server takes the allow-listed port, so the webhook receiver below gets another one.
  fixtures = await startFixtureServer();
  photoUrl = fixtures.serve("/living-room.jpg", await roomPhoto(320, 240));
});
afterAll(async () => {
  await fixtures?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Writes a TypeScript sample to a file and runs it with tsx, as `npx tsx sample.mts` would. */
async function runTypeScript(source: string): Promise<string> {
  const file = path.join(dir, `sample-${Math.random().toString(36).slice(2)}.mts`);
  fs.writeFileSync(file, source);
  const { stdout } = await run(process.execPath, ["--import", "tsx", file], { env, timeout: 120_000 });
  return stdout;
}

const withLocalPhoto = (source: string) => source.replaceAll("https://example.com/photos/living-room.jpg", photoUrl);

describe("the quickstart's first call", () => {
  it("works in curl, TypeScript and Python", async () => {
    const curl = await run("bash", ["-c", FIRST_CALL.curl], { env });
    expect(curl.stdout).toMatch(/^HTTP\/1\.1 200/);
    expect(curl.stdout).toMatch(/x-request-id: req_[0-9a-f]{32}/);
    expect(await runTypeScript(FIRST_CALL.typescript)).toMatch(/^200 req_[0-9a-f]{32}\n\{\s*api_monthly_quota: \d+/);
    if (hasPython) expect((await run("python3", ["-c", FIRST_CALL.python], { env })).stdout).toMatch(/^200 req_[0-9a-f]{32}\n\{'api_monthly_quota': \d+/);
  });
});

describe("the staging workflow", () => {
  const stage = WORKFLOWS.find((workflow) => workflow.id === "stage-a-photo")!.sample;
  it("stages a photo and waits for it in TypeScript and Python", { timeout: 240_000 }, async () => {
    expect(await runTypeScript(withLocalPhoto(stage.typescript))).toMatch(/^completed \[\s*'http/);
    if (hasPython) expect((await run("python3", ["-c", withLocalPhoto(stage.python)], { env, timeout: 120_000 })).stdout).toMatch(/^completed \['http/);
  });
});

describe("the webhook receiver", () => {
  let receiver: ChildProcess;
  afterAll(() => {
    receiver?.kill();
  });

  it("accepts a real signed delivery and refuses a forged one", { timeout: 120_000 }, async () => {
    const db = await getDb();
    const { accountId } = await makeAccount();
    // The receiver takes the allow-listed fixture port, which the photos no longer need.
    const port = Number(process.env.FIXTURE_PORT);
    await fixtures?.close();
    fixtures = null;
    const { endpointId, secret } = await createEndpoint(db, { accountId, url: `http://127.0.0.1:${port}/`, eventTypes: ["job.completed"] });
    const file = path.join(dir, "receiver.mts");
    fs.writeFileSync(file, VERIFY_WEBHOOK.typescript.replace(".listen(8080)", `.listen(${port}, "127.0.0.1")`));
    receiver = spawn(process.execPath, ["--import", "tsx", file], { env: { ...env, WEBHOOK_SECRET: secret } });
    let output = "";
    receiver.stdout!.on("data", (chunk) => (output += chunk));
    const deadline = Date.now() + 60_000;
    let forged: Response | null = null;
    while (!forged && Date.now() < deadline) {
      forged = await fetch(`http://127.0.0.1:${port}/`, { method: "POST", body: "{}", headers: { "webhook-id": "evt_x", "webhook-timestamp": "1", "webhook-signature": "v1,AAAA" } }).catch(() => null);
      if (!forged) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(forged?.status, "the sample receiver answers a forged delivery").toBe(400);

    const { eventId } = await sendTestEvent(await createVerbContext(), { accountId, endpointId });
    const until = Date.now() + 45_000;
    let status = "pending";
    while (Date.now() < until && status !== "delivered") {
      status = (await listDeliveries(db, { accountId, endpointId, limit: 5 })).rows[0]?.status ?? "pending";
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe("delivered");
    expect(output).toContain(`webhook.test ${eventId}`);
  });
});
