/**
 * Phase 3, hostile input: for every route, at least 1,000 fast-check cases built from
 * its zod schema — broken fields, bad JSON, wrong content types, deep nesting, bodies
 * over the limit, odd keys and Idempotency-Keys. Every answer must be below 500, every
 * refusal a documented code with its documented status, and nothing may be accepted,
 * charged, counted or stored.
 */
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { ERROR_CODES, V1_ERROR_CODES } from "@/server/errors";
import type { Api } from "../lib/api";
import { hostileObject, jsonSchemaOf } from "../lib/arbitraries";
import { mapPool, type PhaseReport } from "../lib/report";
import { ROUTES, type RouteDef } from "../lib/routes";
import type postgres from "postgres";
import { CRON_EVENT } from "@/inngest/local/cron";

export interface HostileCase {
  kind: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

export interface HostileInput {
  api: Api;
  sql: postgres.Sql;
  dataDir: string;
  /** One account per route, so one route's cases never rate-limit another's. */
  keys: Map<string, { apiKey: string; accountId: string }>;
  casesPerRoute: number;
  seed: number;
  /** The server's JSON and property-description body limits. */
  jsonLimit: number;
  propertyLimit: number;
}

const CONTENT_TYPES = [
  "text/plain",
  "multipart/form-data; boundary=x",
  "application/x-www-form-urlencoded",
  "application/jsonx",
  "application/xml",
  "json",
  "*/*",
  "application/json; charset=utf-16",
];
const MAX_PATH = 12_000;
const header = fc.stringMatching(/^[\x21-\x7e][\x20-\x7e]{0,300}$/);

function keyHeader(apiKey: string): fc.Arbitrary<Record<string, string>> {
  return fc.oneof(
    { weight: 30, arbitrary: fc.constant({ "x-api-key": apiKey }) },
    { weight: 1, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom("idk_" + "A".repeat(40), "wrong", apiKey.slice(0, -1), `Bearer ${apiKey}`, apiKey.toUpperCase())
        .map((k) => ({ "x-api-key": k })),
    },
    { weight: 1, arbitrary: header.map((k) => ({ "x-api-key": k })) },
  );
}

function postCase(route: RouteDef, apiKey: string, limit: number): fc.Arbitrary<HostileCase> {
  const schema = jsonSchemaOf(route.body!);
  const json = { "content-type": "application/json" };
  const body = hostileObject(schema);
  const base = (kind: string, b: string | Uint8Array, headers: Record<string, string> = json) => ({
    kind,
    path: route.path,
    headers,
    body: b,
  });
  const payload: fc.Arbitrary<HostileCase> = fc.oneof(
    { weight: 14, arbitrary: body.map((b) => base("schema", JSON.stringify(b))) },
    {
      weight: 3,
      arbitrary: fc
        .oneof(
          fc.string({ unit: "binary", maxLength: 60 }),
          body.chain((b) => fc.nat({ max: Math.max(0, JSON.stringify(b).length - 1) }).map((n) => JSON.stringify(b).slice(0, n))),
          fc.constantFrom(
            "",
            " ",
            "{",
            '{"a":',
            "null",
            "[]",
            "42",
            '"text"',
            "true",
            "[{}]",
            "{}",
            '{"__proto__":{"polluted":1}}',
            "\ufeff{}",
            "{'a':1}",
            "NaN",
          ),
        )
        .map((t) => base("bad-json", t)),
    },
    {
      weight: 1,
      arbitrary: fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => base("bad-bytes", Uint8Array.from([0xff, 0xfe, ...bytes]))),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(body, fc.constantFrom(...CONTENT_TYPES))
        .map(([b, type]) => base("content-type", JSON.stringify(b), { "content-type": type })),
    },
    { weight: 1, arbitrary: body.map((b) => base("no-content-type", JSON.stringify(b), {})) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 1_000, max: 120_000 }), fc.boolean())
        .map(([depth, objects]) =>
          base("deep-nesting", objects ? '{"a":'.repeat(depth) + "1" + "}".repeat(depth) : "[".repeat(depth) + "]".repeat(depth)),
        ),
    },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 4096 }).map((extra) => base("oversized", `{"x":"${"a".repeat(limit + extra)}"}`)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(body, header)
        .map(([b, key]) => ({ ...base("idempotency-key", JSON.stringify(b)), headers: { ...json, "idempotency-key": key } })),
    },
  );
  return fc.tuple(payload, keyHeader(apiKey)).map(([c, auth]) => ({ ...c, headers: { ...c.headers, ...auth } }));
}

function getCase(route: RouteDef, apiKey: string): fc.Arbitrary<HostileCase> {
  const queryValue = (v: unknown) => (typeof v === "string" ? v : (JSON.stringify(v) ?? ""));
  const query: fc.Arbitrary<string> = route.query
    ? fc.oneof(
        {
          weight: 4,
          arbitrary: hostileObject(jsonSchemaOf(route.query)).map((q) =>
            new URLSearchParams(Object.entries(q as object).map(([k, v]) => [k, queryValue(v)])).toString(),
          ),
        },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            "%zz",
            "limit=%",
            "&&&",
            "limit=1&limit=2",
            "cursor[]=a",
            "job_id=%00",
            "render_set_id=%E2%80%AE",
            "a=b=c",
            "?",
          ),
        },
      )
    : fc.oneof(
        fc.constant(""),
        fc.string({ maxLength: 40 }).map((s) => encodeURIComponent(s)),
      );
  const id: fc.Arbitrary<string> = fc.oneof(
    fc.uuid(),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 60 }),
    fc.string({ unit: "binary", minLength: 1, maxLength: 30 }),
    fc.constantFrom(
      "..",
      "...",
      "%",
      "null",
      "undefined",
      "0",
      "-1",
      "' or 1=1 --",
      "x".repeat(5000),
      "00000000-0000-0000-0000-000000000000",
      "NaN",
    ),
  );
  const pathOf = route.pathParam
    ? // Dots are escaped so the client does not resolve "." and ".." segments away before sending.
      id.map((s) => `${route.path}/${encodeURIComponent(s.replace(/[\ud800-\udfff]/g, "?")).replace(/\./g, "%2E")}`)
    : query.map((q) => (q ? `${route.path}?${q}` : route.path));
  // Node's HTTP parser answers 431 itself for a request line over 16 KB, before any route runs.
  const withinRequestLine = fc.tuple(pathOf, fc.nat({ max: 99 })).map(([p, roll]) => {
    const cut = p.slice(0, MAX_PATH);
    // The contract serves API paths with a trailing slash too (proxy.ts).
    return roll === 0 ? cut.replace(/(\?|$)/, "/$1") : cut;
  });
  return fc
    .tuple(withinRequestLine, keyHeader(apiKey))
    .map(([p, auth]) => ({ kind: route.pathParam ? "path" : "query", path: p, headers: auth }));
}

export function hostileCases(route: RouteDef, apiKey: string, count: number, seed: number, limit: number): HostileCase[] {
  const arbitrary = route.method === "POST" ? postCase(route, apiKey, limit) : getCase(route, apiKey);
  return fc.sample(arbitrary, { numRuns: count, seed });
}

/** The refusal code of a response body, in either body style. */
function codeOf(body: any): string | undefined {
  return typeof body?.code === "string" ? body.code : body?.error?.code;
}

export function judgeResponse(route: RouteDef, status: number, body: unknown): string | null {
  if (status >= 500) return `answered ${status}`;
  if (status >= 200 && status < 300) return route.method === "POST" ? `accepted a hostile request (${status})` : null;
  const code = codeOf(body);
  if (!code || !(V1_ERROR_CODES as readonly string[]).includes(code))
    return `refused with an undocumented body (${status}): ${JSON.stringify(body)?.slice(0, 120)}`;
  if (ERROR_CODES[code as keyof typeof ERROR_CODES].status !== status) return `code ${code} came with status ${status}`;
  return null;
}

export async function runHostile(input: HostileInput, report: PhaseReport): Promise<void> {
  const problems: string[] = [];
  const kinds = new Map<string, number>();
  const codes = new Map<string, number>();
  let total = 0;
  let skipped = 0;
  for (const [index, route] of ROUTES.entries()) {
    const { apiKey } = input.keys.get(route.name)!;
    const limit = route.name === "POST /tools/property-description" ? input.propertyLimit : input.jsonLimit;
    const generatedAt = Date.now();
    const cases = hostileCases(route, apiKey, input.casesPerRoute, input.seed + index, limit);
    const sentAt = Date.now();
    let slowest = { ms: 0, kind: "" };
    let timeouts = 0;
    await mapPool(cases, 6, async (c) => {
      // A route that keeps hanging on trailing-slash paths has been reported; skip the rest of them to bound the run.
      if (timeouts >= 3 && /\/(\?|$)/.test(c.path)) return void skipped++;
      total++;
      const caseStart = Date.now();
      kinds.set(c.kind, (kinds.get(c.kind) ?? 0) + 1);
      let outcome: string | null;
      try {
        const response = await input.api(route.method, c.path, { raw: c.body, headers: c.headers, timeoutMs: 15_000 });
        outcome = judgeResponse(route, response.status, response.body);
        const code = codeOf(response.body) ?? String(response.status);
        codes.set(code, (codes.get(code) ?? 0) + 1);
      } catch (error) {
        if ((error as Error).name === "TimeoutError") timeouts++;
        outcome = `request failed: ${(error as Error).message}`;
      }
      if (outcome) problems.push(`${route.name} [${c.kind}] ${outcome} — case ${describe(c)}`);
      if (Date.now() - caseStart > slowest.ms) slowest = { ms: Date.now() - caseStart, kind: `${c.kind} ${describe(c).slice(0, 80)}` };
    });
    report.figure(
      `cases ${route.name}`,
      `${cases.length} (generated in ${sentAt - generatedAt} ms, answered in ${Date.now() - sentAt} ms; slowest ${slowest.ms} ms: ${slowest.kind})`,
    );
  }
  report.figure("cases tried", skipped ? `${total} (${skipped} trailing-slash cases skipped after repeated timeouts)` : total);
  report.figure("case kinds", [...kinds].map(([k, n]) => `${k} ${n}`).join(", "));
  report.figure(
    "answers",
    [...codes]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${n}`)
      .join(", "),
  );
  report.expect(
    `at least ${input.casesPerRoute} cases per route (${ROUTES.length} routes)`,
    total + skipped >= input.casesPerRoute * ROUTES.length && skipped === 0,
    `${skipped} skipped`,
  );
  report.expectNone("no 5xx, every refusal a documented code and status, nothing accepted", problems);
  report.expectNone("nothing charged, counted or stored for refused requests", await storedForAccounts(input));
}

/** What refused requests left behind: nothing, the timers' own runs (once a minute, whatever the requests) aside. */
async function storedForAccounts(input: HostileInput): Promise<string[]> {
  const ids = [...input.keys.values()].map((k) => k.accountId);
  const { sql } = input;
  const [row] = await sql<Record<string, string>[]>`select
    (select count(*) from v1.credit_ledger where account_id in ${sql(ids)} and kind <> 'grant') as ledger_entries,
    (select coalesce(sum(units), 0) from v1.quota_usage where account_id in ${sql(ids)}) as quota_units,
    (select count(*) from v1.job_groups where account_id in ${sql(ids)}) as job_groups,
    (select count(*) from v1.media_jobs where account_id in ${sql(ids)}) as media_jobs,
    (select count(*) from v1.render_sets where account_id in ${sql(ids)}) as render_sets,
    (select count(*) from v1.idempotency_keys where account_id in ${sql(ids)}) as idempotency_keys,
    (select count(*) from v1.webhook_events where account_id in ${sql(ids)}) as webhook_events,
    (select count(*) from executor.runs where event->>'name' <> ${CRON_EVENT}) as executor_runs`;
  const problems = Object.entries(row)
    .filter(([, n]) => Number(n) !== 0)
    .map(([what, n]) => `${what}: ${n}`);
  const blobs = path.join(input.dataDir, "blobs");
  const files = fs.existsSync(blobs)
    ? (fs.readdirSync(blobs, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(blobs, f)).isFile())
    : [];
  if (files.length) problems.push(`${files.length} stored blobs, e.g. ${files[0]}`);
  return problems;
}

function describe(c: HostileCase): string {
  const body = c.body === undefined ? "" : typeof c.body === "string" ? c.body : `bytes ${Buffer.from(c.body).toString("hex")}`;
  const headers = { ...c.headers, ...(c.headers["x-api-key"] ? { "x-api-key": "(redacted)" } : {}) };
  return `${c.path.slice(0, 120)} ${JSON.stringify(headers).slice(0, 160)} ${body.slice(0, 200)}`;
}
