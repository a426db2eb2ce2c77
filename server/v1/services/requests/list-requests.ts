import "server-only";
import { and, desc, eq, gte, isNull, lt, lte, notInArray, or, type SQL } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { requestLog } from "@/db/schema";
import type { StatusClass } from "@/shared/vocabulary";

export interface RequestLogFilter {
  accountId: string;
  keyId?: string;
  /** Keys whose requests are left out (the studio's own key, unless asked for). */
  excludeKeyIds?: string[];
  statusClass?: StatusClass;
  /** A route template, e.g. `/jobs/{jobSource}`. */
  route?: string;
  from?: Date;
  to?: Date;
  /** The last row of the previous page: the next page starts after it. */
  before?: { at: Date; id: number };
  limit: number;
}

const STATUS_RANGES: Record<StatusClass, [number, number]> = { "2xx": [200, 300], "4xx": [400, 500], "5xx": [500, 600] };

/**
 * One page of the account's request log, newest first (D16), with the filters the
 * Developers section offers. Pages follow (at, id), so rows written meanwhile never
 * shift a page.
 */
export async function listRequests(db: Tx, input: RequestLogFilter) {
  const conditions: (SQL | undefined)[] = [eq(requestLog.accountId, input.accountId)];
  if (input.keyId) conditions.push(eq(requestLog.keyId, input.keyId));
  if (input.excludeKeyIds?.length) conditions.push(or(isNull(requestLog.keyId), notInArray(requestLog.keyId, input.excludeKeyIds)));
  if (input.statusClass) {
    const [low, high] = STATUS_RANGES[input.statusClass];
    conditions.push(gte(requestLog.status, low), lt(requestLog.status, high));
  }
  if (input.route) conditions.push(eq(requestLog.route, input.route));
  if (input.from) conditions.push(gte(requestLog.at, input.from));
  if (input.to) conditions.push(lte(requestLog.at, input.to));
  if (input.before) {
    conditions.push(or(lt(requestLog.at, input.before.at), and(eq(requestLog.at, input.before.at), lt(requestLog.id, input.before.id))));
  }
  const rows = await db
    .select({
      id: requestLog.id,
      at: requestLog.at,
      keyId: requestLog.keyId,
      keyPrefix: requestLog.keyPrefix,
      method: requestLog.method,
      route: requestLog.route,
      status: requestLog.status,
      latencyMs: requestLog.latencyMs,
      requestId: requestLog.requestId,
      idempotencyKey: requestLog.idempotencyKey,
      errorCode: requestLog.errorCode,
    })
    .from(requestLog)
    .where(and(...conditions))
    .orderBy(desc(requestLog.at), desc(requestLog.id))
    .limit(input.limit + 1);
  const more = rows.length > input.limit;
  const page = more ? rows.slice(0, input.limit) : rows;
  const last = page.at(-1);
  return { rows: page, next: more && last ? { at: last.at, id: last.id } : null };
}
