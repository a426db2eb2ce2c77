/**
 * Shared by the multi-view HTTP tests: calls over HTTP, polling, and reads of the
 * ledger and rows that the API does not expose (charges, gate verdicts).
 */
import { asc, eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { accounts, renderViews } from "@/db/schema";

export function apiCaller(appUrl: () => string) {
  return async function call(method: string, path: string, apiKey: string | null, body?: unknown) {
    const response = await fetch(`${appUrl()}/api/v1${path}`, {
      method,
      headers: { ...(apiKey ? { "x-api-key": apiKey } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  };
}

export type Call = ReturnType<typeof apiCaller>;

/** Polls GET /multiview until the envelope leaves `processing`, asserting the balance never dips below 0 meanwhile. */
export async function pollSet(call: Call, apiKey: string, renderSetId: string, accountId?: string, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const read = await call("GET", `/multiview?render_set_id=${renderSetId}`, apiKey);
    if (accountId) expectNonNegative(await ledgerOf(accountId));
    if (read.status !== 200 || read.body.status !== "processing") return read;
    if (Date.now() > deadline) throw new Error(`set ${renderSetId} still processing`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function expectNonNegative(ledger: { balance: number }) {
  if (ledger.balance < 0) throw new Error(`balance went negative: ${ledger.balance}`);
}

/** Balance, the ledger's sum, and the ledger entries per job id (debits negative, refunds positive). */
export async function ledgerOf(accountId: string) {
  const db = await getDb();
  const [account] = await db.select({ balance: accounts.creditBalance }).from(accounts).where(eq(accounts.id, accountId));
  const entries = await db.execute<{ kind: string; amount: number; job_id: string | null; charge_key: string | null }>(
    sql`select kind, amount, job_id, charge_key from v1.credit_ledger where account_id = ${accountId} order by id`,
  );
  const sum = entries.reduce((total, e) => total + Number(e.amount), 0);
  return { balance: account.balance, sum, entries: entries.map((e) => ({ ...e, amount: Number(e.amount) })) };
}

export async function viewRows(setId: string) {
  const db = await getDb();
  return db.select().from(renderViews).where(eq(renderViews.setId, setId)).orderBy(asc(renderViews.viewIndex));
}

export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error("condition not reached in time");
    await new Promise((r) => setTimeout(r, 200));
  }
}
