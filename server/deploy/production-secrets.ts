/**
 * The server secrets a production deployment must be given, on any host (not only on
 * Vercel). Generating them under DATA_DIR suits the embedded default, where the data
 * folder also holds the database they protect; a production server on a database of
 * its own (DATABASE_URL) would otherwise sign sessions and encrypt keys with a secret
 * that exists on one machine only, differs per instance, and is lost with the disk.
 */
import "server-only";
import type { Env } from "@/env";

export type SecretName = "AUTH_SECRET" | "STORAGE_SIGNING_SECRET" | "STUDIO_ENCRYPTION_KEY";

const WHY: Record<SecretName, string> = {
  AUTH_SECRET: "signs sessions and invitation links; every instance needs the same one",
  STUDIO_ENCRYPTION_KEY: "encrypts workspace API keys and webhook secrets at rest; losing it loses them",
  STORAGE_SIGNING_SECRET: "signs links to the local file store",
};

/** True for a production server that must be given its secrets rather than generate them. */
export function secretsMustBeSet(settings: Env): boolean {
  return settings.VERCEL || (settings.NODE_ENV === "production" && Boolean(settings.DATABASE_URL));
}

/** The secrets this deployment needs (the file store's only when it uses the local one). */
function neededSecrets(settings: Env): SecretName[] {
  return settings.S3_BUCKET ? ["AUTH_SECRET", "STUDIO_ENCRYPTION_KEY"] : ["AUTH_SECRET", "STUDIO_ENCRYPTION_KEY", "STORAGE_SIGNING_SECRET"];
}

/** Lines naming each missing secret and why; empty when none is missing or the deployment may generate them. */
export function missingProductionSecrets(settings: Env): string[] {
  if (!secretsMustBeSet(settings) || settings.VERCEL) return [];
  return neededSecrets(settings)
    .filter((name) => !settings[name])
    .map((name) => `${name}: ${WHY[name]}`);
}

export class ProductionSecretsError extends Error {}

export function assertProductionSecrets(settings: Env): void {
  const missing = missingProductionSecrets(settings);
  if (missing.length === 0) return;
  throw new ProductionSecretsError(
    `Atrium cannot start in production without its secrets (generate each with \`openssl rand -base64 32\`):\n${missing.map((line) => `  ${line}`).join("\n")}`,
  );
}
