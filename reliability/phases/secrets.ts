/**
 * Phase 5, secrets: every line the servers wrote and every response body and header
 * the suite received (and every webhook delivery) is searched for every API key made,
 * every stored key hash, every webhook secret, the executor's signing key and the
 * server secrets. None may appear.
 */
import fs from "node:fs";
import path from "node:path";
import type { SuiteDatabase } from "../lib/database";
import type { ResponseLog } from "../lib/api";
import type { NextServer } from "../lib/next-server";
import type { PhaseReport } from "../lib/report";
import type { WebhookReceiver } from "../lib/webhook-receiver";

export interface SecretsInput {
  servers: NextServer[];
  databases: SuiteDatabase[];
  dataDirs: string[];
  /** The secrets passed to the servers as settings. */
  settings: string[];
  /** API keys handed out by the suite. */
  apiKeys: string[];
  responses: ResponseLog;
  receiver: WebhookReceiver;
}

export async function runSecretsScan(input: SecretsInput, report: PhaseReport): Promise<void> {
  const { openWebhookSecret } = await import("@/server/v1/services/webhooks/webhook-secret");
  const needles = new Map<string, string>();
  for (const key of input.apiKeys) needles.set(key, "API key");
  for (const value of input.settings) needles.set(value, "server secret setting");
  for (const database of input.databases) {
    for (const row of await database.sql<{ key_hash: string }[]>`select key_hash from v1.api_keys`)
      needles.set(row.key_hash, "API key hash");
    for (const row of await database.sql<
      { secret: string }[]
    >`select secret from v1.webhook_endpoints union all select previous_secret from v1.webhook_endpoints where previous_secret is not null`) {
      needles.set(openWebhookSecret(row.secret), "webhook secret");
    }
  }
  for (const dir of input.dataDirs) {
    const file = path.join(dir, "executor-signing-key");
    if (fs.existsSync(file)) needles.set(fs.readFileSync(file, "utf8").trim(), "executor signing key");
  }

  const haystacks: Array<{ where: string; text: string }> = [
    ...input.servers.map((s) => ({ where: `${s.name} server log`, text: s.logs.join("\n") })),
    { where: "response bodies and headers", text: input.responses.texts.join("\n") },
    { where: "webhook deliveries", text: input.receiver.deliveries.map((d) => `${d.signature} ${d.rawBody}`).join("\n") },
  ];
  const found: string[] = [];
  for (const [needle, what] of needles) {
    if (needle.length < 16) continue;
    for (const { where, text } of haystacks) if (text.includes(needle)) found.push(`${what} ${needle.slice(0, 6)}… appears in ${where}`);
  }
  const lines = input.servers.reduce((n, s) => n + s.logs.length, 0);
  report.figure(
    "searched",
    `${needles.size} secrets in ${lines} log lines, ${input.responses.count} responses, ${input.receiver.deliveries.length} webhook deliveries`,
  );
  report.expect(
    "the scan knows every kind of secret",
    ["API key", "API key hash", "webhook secret", "server secret setting"].every((kind) => [...needles.values()].includes(kind)),
  );
  report.expectNone("no API key, key hash, signing secret or webhook secret in any log line or response", found);
}
