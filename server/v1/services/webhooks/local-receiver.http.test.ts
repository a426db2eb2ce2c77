/**
 * Webhooks can be tried on one machine: under the settings `npm run dev` starts the app
 * with (read from package.json's dev script), a receiver on this machine's loopback, at
 * a port no allowlist names, is accepted as an endpoint and gets a delivery that the
 * `standardwebhooks` library verifies.
 */
import http from "node:http";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { createVerbContext } from "@/server/context";
import { makeAccount } from "@/test/fixtures";
import { freePort } from "@/test/process-harness";
import { useAppStack } from "@/test/app-stack";
import { createEndpoint } from "./create-endpoint";
import { listDeliveries } from "./list-deliveries";
import { sendTestEvent } from "./send-test-event";

const devSettings = vi.hoisted(() => {
  const fs = process.getBuiltinModule("node:fs");
  const script: string = JSON.parse(fs.readFileSync("package.json", "utf8")).scripts.dev;
  // The dev script's `NAME=${NAME-default}` assignments, as `npm run dev` applies them.
  const settings = Object.fromEntries([...script.matchAll(/(\w+)=\$\{\w+-([^}]*)\}/g)].map(([, name, value]) => [name, value]));
  Object.assign(process.env, settings);
  return settings;
});

useAppStack();
let receiver: http.Server;
let port: number;
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  port = await freePort();
  receiver = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(port, "127.0.0.1", resolve));
});
afterAll(() => new Promise((resolve) => receiver.close(resolve)));

it("delivers to a receiver on 127.0.0.1 under `npm run dev`'s settings, and the delivery verifies", async () => {
  expect(devSettings).toMatchObject({ V1_WEBHOOKS_ENABLED: "true", V1_WEBHOOK_LOOPBACK: "true" });
  expect(process.env.V1_FETCH_ALLOWLIST).not.toContain(`:${port}`);
  const db = await getDb();
  const { accountId } = await makeAccount();
  const { endpointId, secret } = await createEndpoint(db, {
    accountId,
    url: `http://127.0.0.1:${port}/hooks/atrium`,
    eventTypes: ["job.completed"],
  });
  await expect(
    createEndpoint(db, { accountId, url: `http://localhost:${port}/hooks/other`, eventTypes: ["job.failed"] }),
  ).resolves.toBeDefined();

  const { eventId } = await sendTestEvent(await createVerbContext(), { accountId, endpointId });
  await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 15_000, interval: 50 });
  const event = new Webhook(secret).verify(received[0].body, received[0].headers as Record<string, string>) as { id: string; type: string };
  expect(event).toMatchObject({ id: eventId, type: "webhook.test" });
  expect((await listDeliveries(db, { accountId, endpointId, limit: 1 })).rows[0]).toMatchObject({ status: "delivered" });
});
