/**
 * Postgres advisory lock keys, in one place so no two uses share a key by accident, and
 * the one way to hold a session lock: on a single connection (a `max: 1` client or a
 * reserved one), released when the work ends, whatever happens.
 */
import "server-only";
import type postgres from "postgres";

export const ADVISORY_LOCKS = {
  /** Migrations (db/migrate.ts): concurrent starts apply them once. */
  migrations: 7_412_026_001,
  /** The executor's work queue (inngest/local/queue.ts): instances starting together create it once. */
  queueCreation: 7_412_026_002,
  /** Concurrency admission (inngest/local/concurrency.ts), a transaction lock ("atrc"). */
  admission: 0x61747263,
} as const;

/** Runs `work` holding the session lock `key` on `session`, which must be one connection. */
export async function holdingSessionLock<T>(session: postgres.Sql, key: number, work: () => Promise<T>): Promise<T> {
  await session`select pg_advisory_lock(${key})`;
  try {
    return await work();
  } finally {
    await session`select pg_advisory_unlock(${key})`;
  }
}
