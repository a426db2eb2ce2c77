/**
 * Idempotency-Key on generation POSTs (D12, after the IETF Idempotency-Key draft).
 * The first request with a key claims it (state in_flight); when it answers, its
 * response is stored and replayed for the same key and body within the TTL. Keys are
 * scoped to the account. Refusals that accept nothing release the key, so a corrected
 * retry runs.
 */
import "server-only";
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { env } from "@/env";
import type { Database } from "@/db/client";
import { AppError } from "@/server/errors";

export type IdempotencyClaim = { kind: "claimed" } | { kind: "replay"; status: number; body: string };

export function requestFingerprint(route: string, rawBody: unknown): string {
  return crypto.createHash("sha256").update(route).update("\n").update(JSON.stringify(rawBody)).digest("hex");
}

export function parseIdempotencyKey(header: string | null): string | null {
  if (header === null) return null;
  if (!/^[\x21-\x7e]{1,255}$/.test(header)) {
    throw new AppError("invalid_request", "Idempotency-Key must be 1 to 255 visible ASCII characters.");
  }
  return header;
}

/** How long an in-flight claim is honoured before a crashed request's key may be taken over. */
function staleAfterMs(): number {
  return env.V1_PROVIDER_TIMEOUT_MS + 60_000;
}

export async function claimIdempotencyKey(
  db: Database,
  input: { accountId: string; key: string; route: string; fingerprint: string; now: Date },
): Promise<IdempotencyClaim> {
  // Raw SQL parameters go as ISO strings; the driver does not serialize Date here.
  const now = input.now.toISOString();
  const expires = new Date(input.now.getTime() + env.V1_IDEMPOTENCY_TTL_HOURS * 3_600_000).toISOString();
  const stale = new Date(input.now.getTime() - staleAfterMs()).toISOString();
  const claimed = await db.execute(sql`
    insert into v1.idempotency_keys (account_id, key, route, request_hash, state, created_at, expires_at)
    values (${input.accountId}, ${input.key}, ${input.route}, ${input.fingerprint}, 'in_flight', ${now}, ${expires})
    on conflict (account_id, key) do update
      set route = excluded.route, request_hash = excluded.request_hash, state = 'in_flight',
          response_status = null, response_body = null, created_at = excluded.created_at, expires_at = excluded.expires_at
      where v1.idempotency_keys.expires_at <= ${now}
         or (v1.idempotency_keys.state = 'in_flight' and v1.idempotency_keys.created_at < ${stale}
             and v1.idempotency_keys.request_hash = excluded.request_hash)
    returning key`);
  if (claimed.length > 0) return { kind: "claimed" };

  const [existing] = await db.execute<{
    request_hash: string;
    route: string;
    state: string;
    response_status: number;
    response_body: string;
  }>(
    sql`select request_hash, route, state, response_status, response_body from v1.idempotency_keys
        where account_id = ${input.accountId} and key = ${input.key}`,
  );
  if (!existing) return claimIdempotencyKey(db, input);
  if (existing.request_hash !== input.fingerprint || existing.route !== input.route) throw new AppError("idempotency_key_reused");
  if (existing.state === "in_flight") throw new AppError("idempotency_conflict");
  return { kind: "replay", status: Number(existing.response_status), body: existing.response_body };
}

export async function completeIdempotencyKey(
  db: Database,
  input: { accountId: string; key: string; status: number; body: string },
): Promise<void> {
  await db.execute(sql`
    update v1.idempotency_keys set state = 'done', response_status = ${input.status}, response_body = ${input.body}
    where account_id = ${input.accountId} and key = ${input.key}`);
}

export async function releaseIdempotencyKey(db: Database, input: { accountId: string; key: string }): Promise<void> {
  await db.execute(
    sql`delete from v1.idempotency_keys where account_id = ${input.accountId} and key = ${input.key} and state = 'in_flight'`,
  );
}
