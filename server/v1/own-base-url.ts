import "server-only";
import { env } from "@/env";

/**
 * This deployment's own /api/v1: on one machine the loopback address (no DNS, no TLS,
 * no proxy in the way); on Vercel the deployment's own URL, since functions cannot call
 * themselves over loopback.
 */
export function ownV1BaseUrl(): string {
  if (env.VERCEL && env.VERCEL_URL) return `https://${env.VERCEL_URL}/api/v1`;
  return `http://127.0.0.1:${env.PORT}/api/v1`;
}
