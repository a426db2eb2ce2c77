import "server-only";
import type { Env } from "@/env";

/** The origin the local file store's links use: where the app is reached (APP_URL), else this machine. */
export function localStoreOrigin(settings: Env): string {
  return settings.APP_URL ?? `http://localhost:${settings.PORT}`;
}
