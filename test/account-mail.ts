/**
 * Mail about accounts (confirmations, sign-up notes, resets) leaves from a durable
 * function, not from the request (server/studio/users/send-account-email.ts). Tests that
 * read those messages run the function on a local executor, as the app does, and wait for
 * the requests sent so far to be handled before reading the outbox.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { executorEvents, executorRuns } from "@/db/schema";
import { sendAccountEmailFunction } from "@/inngest/functions/studio/send-account-email";
import { startTestExecutor, type TestExecutor } from "@/test/executor";

export function startAccountMail(): Promise<TestExecutor> {
  return startTestExecutor({ functions: [sendAccountEmailFunction] });
}

/** Resolves once every account-mail request sent so far has a finished run. */
export async function accountMailSettled(timeoutMs = 30_000): Promise<void> {
  const db = await getDb();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [{ waiting }] = await db
      .select({ waiting: sql<number>`count(*)::int` })
      .from(executorEvents)
      .where(
        and(
          eq(executorEvents.name, "studio/account-email.requested"),
          sql`not exists (${db
            .select({ one: sql`1` })
            .from(executorRuns)
            .where(and(eq(executorRuns.eventId, executorEvents.id), ne(executorRuns.status, "running")))})`,
        ),
      );
    if (waiting === 0) return;
    if (Date.now() > deadline) throw new Error(`${waiting} account-mail request(s) still unhandled after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
