/**
 * Where hosted adapters record the provider's task id before they wait for it
 * (v1.provider_tasks), so a retried or resumed durable step finds the task it already
 * paid for and polls it instead of creating another.
 */
import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { providerTasks } from "@/db/schema";

export interface TaskLedger {
  find(workKey: string): Promise<string | null>;
  /** Records the task of a unit of work; a task already recorded for it is kept. */
  record(workKey: string, provider: string, taskId: string): Promise<void>;
  /** Forgets a task that ended without a usable result, so a retry may start a new one. */
  forget(workKey: string): Promise<void>;
}

export const databaseTaskLedger: TaskLedger = {
  async find(workKey) {
    const db = await getDb();
    const [row] = await db.select({ taskId: providerTasks.taskId }).from(providerTasks).where(eq(providerTasks.workKey, workKey));
    return row?.taskId ?? null;
  },
  async record(workKey, provider, taskId) {
    const db = await getDb();
    await db.insert(providerTasks).values({ workKey, provider, taskId }).onConflictDoNothing();
  },
  async forget(workKey) {
    const db = await getDb();
    await db.delete(providerTasks).where(eq(providerTasks.workKey, workKey));
  },
};
