/**
 * The request log's writer (D16), kept off the request's path: withApiKey hands each
 * finished request here, rows wait in memory and go to the database together, in one
 * insert per second (or per FLUSH_AT_ROWS rows, whichever comes first), with the keys'
 * last use (time and address) updated in the same flush: never a write per request.
 * Statements take whole arrays (unnest), so every flush is the same prepared statement
 * whatever its size.
 *
 * What it costs: a crash loses at most the last second of rows. If the database is
 * unreachable, rows wait (up to MAX_PENDING_ROWS, oldest dropped first) for the next
 * flush. On Vercel a function instance may be frozen after its response, so the route
 * keeps the instance alive until the flush with `after()` (with-api-key.ts).
 * V1_REQUEST_LOG=off turns the writer off (the bench's baseline only).
 */
import "server-only";
import { env } from "@/env";
import { getSql } from "@/db/client";
import { logError } from "@/server/log";

export interface RequestRecord {
  accountId: string;
  keyId: string;
  keyPrefix: string;
  method: string;
  route: string;
  status: number;
  latencyMs: number;
  requestId: string;
  idempotencyKey: string | null;
  errorCode: string | null;
  at: Date;
  /** The caller's address: the key's last use, never stored in the log itself. */
  ip: string;
}

const FLUSH_AFTER_MS = 1000;
const FLUSH_AT_ROWS = 500;
const MAX_PENDING_ROWS = 50_000;

interface RecorderState {
  rows: RequestRecord[];
  timer: ReturnType<typeof setTimeout> | null;
  flushing: Promise<void> | null;
}

// On globalThis: the route modules of a production build share one buffer.
const holder = globalThis as unknown as { __atriumRequestLog?: RecorderState };
const state = (holder.__atriumRequestLog ??= { rows: [], timer: null, flushing: null });

export const requestLogEnabled = () => env.V1_REQUEST_LOG === "on";

export function recordRequest(row: RequestRecord): void {
  state.rows.push(row);
  if (state.rows.length > MAX_PENDING_ROWS) state.rows.splice(0, state.rows.length - MAX_PENDING_ROWS);
  if (state.rows.length >= FLUSH_AT_ROWS && !state.flushing) void flushRequestLog();
  else if (!state.timer) {
    state.timer = setTimeout(() => void flushRequestLog(), FLUSH_AFTER_MS);
    state.timer.unref?.();
  }
}

/** Writes every waiting row; resolves when they are stored (or the attempt failed and they wait again). */
export async function flushRequestLog(): Promise<void> {
  while (state.flushing) await state.flushing;
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
  const rows = state.rows.splice(0);
  if (rows.length === 0) return;
  state.flushing = write(rows)
    .catch((error) => {
      logError(`[v1] request log: ${rows.length} rows not written yet`, error);
      state.rows.unshift(...rows.slice(-(MAX_PENDING_ROWS - state.rows.length)));
    })
    .finally(() => {
      state.flushing = null;
      if (state.rows.length > 0 && !state.timer) {
        state.timer = setTimeout(() => void flushRequestLog(), FLUSH_AFTER_MS);
        state.timer.unref?.();
      }
    });
  await state.flushing;
}

const TEXT = 25;
const INT4 = 23;

async function write(rows: RequestRecord[]): Promise<void> {
  const sql = await getSql();
  const lastUse = new Map<string, RequestRecord>();
  for (const row of rows) {
    const seen = lastUse.get(row.keyId);
    if (!seen || seen.at < row.at) lastUse.set(row.keyId, row);
  }
  const used = [...lastUse.values()];
  await sql.begin(async (tx) => {
    // Every column goes as one array parameter; text arrays are cast to the column's type.
    const text = (values: (string | null)[]) => tx.array(values, TEXT);
    const ints = (values: number[]) => tx.array(values, INT4);
    await tx`
      insert into v1.request_log (account_id, key_id, key_prefix, method, route, status, latency_ms, request_id, idempotency_key, error_code, at)
      select * from unnest(
        ${text(rows.map((r) => r.accountId))}::uuid[], ${text(rows.map((r) => r.keyId))}::uuid[], ${text(rows.map((r) => r.keyPrefix))},
        ${text(rows.map((r) => r.method))}, ${text(rows.map((r) => r.route))}, ${ints(rows.map((r) => r.status))},
        ${ints(rows.map((r) => r.latencyMs))}, ${text(rows.map((r) => r.requestId))}, ${text(rows.map((r) => r.idempotencyKey))},
        ${text(rows.map((r) => r.errorCode))}, ${text(rows.map((r) => r.at.toISOString()))}::timestamptz[])`;
    await tx`
      update v1.api_keys k set last_used_at = u.at, last_used_ip = u.ip
      from unnest(${text(used.map((r) => r.keyId))}::uuid[], ${text(used.map((r) => r.at.toISOString()))}::timestamptz[], ${text(used.map((r) => r.ip))}) as u(id, at, ip)
      where k.id = u.id and (k.last_used_at is null or k.last_used_at < u.at)`;
  });
}
