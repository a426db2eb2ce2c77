/**
 * The baseline of figure 1: a bare node:http server answering GET /api/v1/me and
 * GET /api/v1/jobs/{id} with the same Postgres statements Atrium's routes run, written
 * by hand for postgres.js (same pool size, prepared statements as postgres.js does by
 * default): key lookup, the rate-limit upsert of rate-limiter-flexible, then the
 * route's reads, and signed output links. No framework, validation or error shaping.
 *
 * Run: node --import tsx bench/api-overhead/baseline-server.ts <port>  (bench env set)
 */
import crypto from "node:crypto";
import http from "node:http";
import postgres from "postgres";
import { embeddedUrl } from "@/db/embedded";
import { env } from "@/env";
import { secret } from "@/server/secrets";
import { accessQuery } from "@/server/storage/local-url-signature";

const port = Number(process.argv[2]);
const sql = postgres(env.DATABASE_URL ?? embeddedUrl({ dataDir: env.DATA_DIR, port: env.EMBEDDED_PG_PORT }), {
  max: 10,
  onnotice: () => {},
});
const RATE_WINDOW_MS = 60_000;
const LIMITS: Record<string, number> = {
  free: env.V1_RATE_LIMIT_FREE,
  premium: env.V1_RATE_LIMIT_PREMIUM,
  business: env.V1_RATE_LIMIT_BUSINESS,
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const origin = env.APP_URL ?? `http://localhost:${env.PORT}`;
const signingSecret = secret("STORAGE_SIGNING_SECRET");

interface Account {
  id: string;
  plan: string;
  monthly_quota: number;
}

async function authenticate(apiKey: string): Promise<Account | undefined> {
  const hash = crypto.createHash("sha256").update(apiKey, "utf8").digest("hex");
  const [account] = await sql<Account[]>`
    select a.id, a.name, a.plan, a.monthly_quota, a.credit_balance, a.created_at, a.updated_at, k.id as key_id, k.prefix, k.scope, k.expires_at
    from v1.api_keys k inner join v1.accounts a on a.id = k.account_id
    where k.key_hash = ${hash} and k.revoked_at is null and (k.expires_at is null or k.expires_at > now())`;
  return account;
}

async function rateLimit(account: Account): Promise<Record<string, string>> {
  const points = LIMITS[account.plan];
  const now = new Date();
  const expire = new Date(now.getTime() + RATE_WINDOW_MS);
  const [row] = await sql<{ points: number; expire: Date }[]>`
    insert into v1.rate_limits (key, points, expire) values (${`v1:${account.plan}:${account.id}`}, 1, ${expire})
    on conflict (key) do update set
      points = case when v1.rate_limits.expire <= ${now} then 1 else v1.rate_limits.points + 1 end,
      expire = case when v1.rate_limits.expire <= ${now} then ${expire} else v1.rate_limits.expire end
    returning key, points, expire`;
  const reset = Math.max(1, Math.ceil((row.expire.getTime() - Date.now()) / 1000));
  return { "RateLimit-Policy": `"default";q=${points};w=60`, RateLimit: `"default";r=${Math.max(0, points - row.points)};t=${reset}` };
}

async function me(account: Account) {
  const month = new Date().toISOString().slice(0, 7);
  const [usage] = await sql<{ month: number; total: number }[]>`
    select coalesce(sum(units) filter (where month = ${month}), 0)::int as month, coalesce(sum(units), 0)::int as total
    from v1.quota_usage where account_id = ${account.id}`;
  return {
    status: 200,
    body: { api_monthly_quota: account.monthly_quota, api_total_completed: usage.total, api_completed_month: usage.month },
  };
}

function outputUrl(key: string): string {
  const expires = Math.floor(Date.now() / 1000) + env.V1_OUTPUT_URL_TTL_SECONDS;
  const path = key.split("/").map(encodeURIComponent).join("/");
  return `${origin}/files/${path}?${accessQuery({ method: "GET", key, expires }, signingSecret)}`;
}

async function job(account: Account, id: string) {
  if (!UUID.test(id)) return { status: 404, body: { message: "No job with this id." } };
  const [group] = await sql`select * from v1.job_groups where id = ${id} and account_id = ${account.id}`;
  if (!group) return { status: 404, body: { message: "No job with this id." } };
  const outputs = await sql`select * from v1.job_outputs where group_id = ${id}`;
  if (outputs.some((o) => o.status === "processing")) return { status: 200, body: { status: "processing" } };
  const finished = outputs.filter((o) => o.status === "completed" && o.output_key).sort((a, b) => a.position - b.position);
  if (finished.length === 0) return { status: 400, body: { message: "The job failed." } };
  const status = finished.length === outputs.length ? "completed" : "partially_completed";
  const data = {
    id: group.id,
    style: group.style ?? "",
    room_type: group.room_type,
    intensity: group.intensity,
    color: group.color ?? "",
    output_urls: finished.map((o) => outputUrl(o.output_key)),
  };
  return { status: 200, body: { status, data } };
}

const server = http.createServer(async (req, res) => {
  try {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const apiKey = req.headers["x-api-key"];
    if (typeof apiKey !== "string") return void res.writeHead(401).end();
    const account = await authenticate(apiKey);
    if (!account) return void res.writeHead(403).end();
    const headers = await rateLimit(account);
    const jobMatch = path.match(/^\/api\/v1\/jobs\/([^/]+)$/);
    const answer =
      path === "/api/v1/me"
        ? await me(account)
        : jobMatch
          ? await job(account, decodeURIComponent(jobMatch[1]))
          : { status: 404, body: {} };
    res.writeHead(answer.status, { ...headers, "content-type": "application/json" }).end(JSON.stringify(answer.body));
  } catch (error) {
    console.error(error);
    res.writeHead(500).end();
  }
});
server.keepAliveTimeout = 65_000;
server.listen(port, "127.0.0.1", () => console.log(`baseline listening on ${port}`));
process.once("SIGTERM", () => {
  server.close();
  void sql.end({ timeout: 1 }).finally(() => process.exit(0));
});
