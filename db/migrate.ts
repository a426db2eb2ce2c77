/**
 * Applies the drizzle-kit SQL migrations under db/migrations. A session advisory lock
 * makes concurrent starts (several processes, or two deployments sharing a database)
 * apply them once; the others wait, then find nothing left to do. The client has one
 * connection so the lock and the migration share a session.
 */
import "server-only";
import path from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import type { Plan } from "@/shared/vocabulary";
import { ADVISORY_LOCKS, holdingSessionLock } from "./advisory-locks";
import { moveLegacyAccountsToSignupPlan } from "./signup-plan";

export function migrationsFolder(): string {
  return path.join(process.cwd(), "db", "migrations");
}

/** `signupPlan`: the deployment's STUDIO_SIGNUP_PLAN, for accounts made before plans existed (db/signup-plan.ts). */
export async function runMigrations(url: string, options: { signupPlan?: Plan } = {}): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await holdingSessionLock(sql, ADVISORY_LOCKS.migrations, async () => {
      await migrate(drizzle(sql), { migrationsFolder: migrationsFolder(), migrationsSchema: "drizzle" });
      if (options.signupPlan) {
        const moved = await moveLegacyAccountsToSignupPlan(sql, options.signupPlan);
        if (moved > 0)
          console.log(`[db] moved ${moved} workspace account(s) made before plans to the ${options.signupPlan} plan (STUDIO_SIGNUP_PLAN)`);
      }
    });
  } finally {
    await sql.end();
  }
}
