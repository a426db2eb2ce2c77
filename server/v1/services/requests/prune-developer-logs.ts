import "server-only";
import { sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { DEVELOPER_LOG_DAYS } from "@/shared/vocabulary";

/**
 * Deletes one batch of rows older than DEVELOPER_LOG_DAYS from the request log, and of
 * webhook events (their deliveries and attempts go with them); returns how many. Small
 * batches keep each statement short, so the log stays writable while a daily run
 * catches up (inngest/functions/v1/prune-developer-logs.ts).
 */
export async function pruneDeveloperLogs(db: Tx, input: { now: Date; batch: number }): Promise<{ requests: number; events: number }> {
  const cutoff = new Date(input.now.getTime() - DEVELOPER_LOG_DAYS * 24 * 3600_000).toISOString();
  const requests = await db.execute(sql`
    delete from v1.request_log where id in (select id from v1.request_log where at < ${cutoff}::timestamptz order by at limit ${input.batch})`);
  const events = await db.execute(sql`
    delete from v1.webhook_events where id in (select id from v1.webhook_events where created_at < ${cutoff}::timestamptz order by created_at limit ${input.batch})`);
  return { requests: requests.count, events: events.count };
}
