/**
 * What a Vercel deployment must be given. Functions there have no lasting disk and no
 * long-running process, so none of the embedded defaults (database, file store, local
 * executor, secrets generated under DATA_DIR) can work. Checking them all at start-up
 * names every missing setting at once, instead of one failure per first use.
 */
import "server-only";
import type { Env } from "@/env";

const REQUIRED: { names: (keyof Env)[]; why: string }[] = [
  { names: ["DATABASE_URL"], why: "an embedded database cannot run in serverless functions (use Neon or any Postgres)" },
  { names: ["S3_BUCKET"], why: "the local file store does not survive between function invocations (use S3, R2 or MinIO)" },
  {
    names: ["INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY"],
    why: "the local executor cannot run in serverless functions (install the Inngest Vercel integration)",
  },
  { names: ["AUTH_SECRET"], why: "every function instance must sign sessions with the same secret" },
  { names: ["STUDIO_ENCRYPTION_KEY"], why: "every function instance must decrypt workspace API keys with the same key" },
];

/** Lines naming each missing setting and why it is needed; empty when the deployment can run. */
export function missingVercelSettings(settings: Env): string[] {
  if (!settings.VERCEL) return [];
  return REQUIRED.flatMap(({ names, why }) => names.filter((name) => !settings[name]).map((name) => `${name}: ${why}`));
}

export class DeploymentSettingsError extends Error {}

export function assertVercelSettings(settings: Env): void {
  const missing = missingVercelSettings(settings);
  if (missing.length === 0) return;
  throw new DeploymentSettingsError(`Atrium cannot start on Vercel; set these settings:\n${missing.map((line) => `  ${line}`).join("\n")}`);
}
