import "server-only";
import { env } from "@/env";

/**
 * Where the studio reaches the v1 API for every workspace (the operator's choice, never a
 * member's): the V1_BASE_URL setting, otherwise this deployment's own /api/v1. On one machine that is
 * the loopback address (no DNS, no TLS, no proxy in the way); on Vercel the
 * deployment's own URL, since functions cannot call themselves over loopback.
 */
export function defaultV1BaseUrl(): string {
  if (env.V1_BASE_URL) return env.V1_BASE_URL.replace(/\/+$/, "");
  if (env.VERCEL && env.VERCEL_URL) return `https://${env.VERCEL_URL}/api/v1`;
  return `http://127.0.0.1:${env.PORT}/api/v1`;
}
