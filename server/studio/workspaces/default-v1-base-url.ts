import "server-only";
import { env } from "@/env";
import { ownV1BaseUrl } from "@/server/v1/own-base-url";

/**
 * Where the studio reaches the v1 API for every workspace (the operator's choice, never a
 * member's): the V1_BASE_URL setting, otherwise this deployment's own /api/v1.
 */
export function defaultV1BaseUrl(): string {
  if (env.V1_BASE_URL) return env.V1_BASE_URL.replace(/\/+$/, "");
  return ownV1BaseUrl();
}
