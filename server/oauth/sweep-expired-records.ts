import "server-only";
import { sql } from "drizzle-orm";
import type { Tx } from "@/db/client";

/**
 * Deletes up to `batch` of the authorization server's records that have expired (codes,
 * tokens, interactions, sessions, grants: never read again, records-adapter.ts); a daily
 * function calls it until fewer come back. Registered clients never expire.
 */
export async function sweepExpiredOAuthRecords(db: Tx, input: { now: Date; batch: number }): Promise<number> {
  const deleted = await db.execute(sql`
    delete from studio.oauth_records where ctid in (
      select ctid from studio.oauth_records where expires_at < ${input.now.toISOString()} limit ${input.batch}
    )`);
  return deleted.count;
}
