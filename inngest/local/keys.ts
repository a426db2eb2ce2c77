/**
 * Keys of the local executor. The serve endpoint runs in signed mode even in the
 * embedded default: Next listens on every interface, and an unsigned endpoint would
 * run functions on forged step state. One random secret, generated once under
 * DATA_DIR (like server/secrets.ts), yields the signing key and the event key.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import canonicalize from "canonicalize";
import { env } from "@/env";

let cached: string | undefined;

function localSecret(): string {
  if (cached) return cached;
  const file = path.resolve(env.DATA_DIR, "executor-signing-key");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, crypto.randomBytes(32).toString("hex"), { mode: 0o600 });
    // link fails if another process won the race; then its key is the one.
    try {
      fs.linkSync(temp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }
  cached = fs.readFileSync(file, "utf8").trim();
  return cached;
}

/** In the SDK's format; the SDK strips the `signkey-<env>-` prefix before keying the HMAC. */
export function localSigningKey(): string {
  return `signkey-local-${localSecret()}`;
}

export function localEventKey(): string {
  return crypto.createHmac("sha256", localSecret()).update("event-key").digest("hex");
}

/** `x-inngest-signature` for a request body, as the SDK verifies it (helpers/net.js). */
export function signBody(body: unknown, now = Date.now()): string {
  const t = String(Math.floor(now / 1000));
  const s = crypto
    .createHmac("sha256", localSecret())
    .update(`${canonicalize(body)}${t}`)
    .digest("hex");
  return `t=${t}&s=${s}`;
}

export function isLocalEventKey(key: string): boolean {
  const expected = Buffer.from(localEventKey());
  const given = Buffer.from(key);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
