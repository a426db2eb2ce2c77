/**
 * Server secrets. Production deployments set them as settings (and are refused without
 * them: server/deploy/production-secrets.ts); the embedded default generates each one
 * once and keeps it under DATA_DIR so restarts keep sessions, signed links and
 * encrypted keys valid.
 */
import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "@/env";
import { secretsMustBeSet, type SecretName } from "@/server/deploy/production-secrets";

const cache = new Map<SecretName, string>();

export function secret(name: SecretName): string {
  const configured = env[name];
  if (configured) return configured;
  const known = cache.get(name);
  if (known) return known;
  if (secretsMustBeSet(env)) throw new Error(`${name} must be set in production (see docs/deploy.md).`);
  const file = path.resolve(env.DATA_DIR, "secrets.json");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const stored: Partial<Record<SecretName, string>> = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {};
  if (!stored[name]) {
    stored[name] = crypto.randomBytes(32).toString("base64url");
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, JSON.stringify(stored, null, 2), { mode: 0o600 });
    fs.renameSync(temp, file);
  }
  cache.set(name, stored[name]!);
  return stored[name]!;
}
