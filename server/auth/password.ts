/** Password hashing with argon2id (OWASP's first choice), through the native @node-rs binding. */
import "server-only";
import { hash, verify } from "@node-rs/argon2";

// argon2id is the library's default algorithm; the costs are OWASP's argon2id minimum
// (19 MiB memory, 2 iterations, 1 lane), cheap enough for a 2-core server.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
