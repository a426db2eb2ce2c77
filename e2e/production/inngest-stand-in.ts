/**
 * Stands in for Inngest Cloud, an outside service that cannot run here: an event API at
 * POST /e/<event key> and an executor that calls the app's serve endpoint signed with
 * the app's INNGEST_SIGNING_KEY. It reuses the local executor's engine in a process of
 * its own, against the production database; the app itself runs in Cloud mode and knows
 * nothing of it. Prints `READY {port, eventKey, signingKey}`: the keys to give the app.
 *
 * Settings: DATABASE_URL, DATA_DIR (where its secret lives), STAND_IN_PORT, SERVE_URL.
 */
import http from "node:http";
import { startLocalExecutor, stopLocalExecutor } from "@/inngest/local";
import { localEventKey, localSigningKey } from "@/inngest/local/keys";
import { receiveEvents } from "@/inngest/local/local-fetch";

const port = Number(process.env.STAND_IN_PORT);
const serveUrl = process.env.SERVE_URL!;

const server = http.createServer(async (req, res) => {
  const key = new URL(req.url ?? "/", "http://x").pathname.match(/^\/e\/([^/]+)$/)?.[1];
  if (req.method !== "POST" || !key) return void res.writeHead(404).end();
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return void res.writeHead(400).end();
  }
  const answer = await receiveEvents(decodeURIComponent(key), body);
  res.writeHead(answer.status, { "content-type": "application/json" }).end(await answer.text());
});
await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));

// A Cloud signing key looks like signkey-prod-<hex>; the SDK keys its HMAC by the hex part.
const signingKey = localSigningKey().replace(/^signkey-local-/, "signkey-prod-");
console.log(`READY ${JSON.stringify({ port, eventKey: localEventKey(), signingKey })}`);

startLocalExecutor({ serveUrl, concurrency: 2 }).then(
  () => console.log("[stand-in] executor started: functions discovered through the signed serve endpoint"),
  (error) => {
    console.error("[stand-in] executor did not start:", error);
    process.exit(1);
  },
);

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    server.close();
    void stopLocalExecutor().finally(() => process.exit(0));
  });
}
