/** What the figures share: the running stack, the bench account and the source photos. */
import type { Database } from "@/db/client";
import type { ImageServer, Size } from "../lib/images";
import type { BenchProvider } from "../lib/settings";
import type { AppServer, BenchAccount } from "../lib/stack";

export interface BenchContext {
  db: Database;
  account: BenchAccount;
  app: AppServer;
  images: ImageServer;
  /** Source photos by name, also served by `images` at url(name). */
  photos: Record<string, Buffer>;
  /** The staging provider the server was started with (settings.ts). */
  provider: BenchProvider;
}

export const PHOTO_SIZES = {
  small: { width: 1024, height: 768 },
  medium: { width: 2000, height: 1500 },
  large: { width: 4000, height: 3000 },
} satisfies Record<string, Size>;

export type PhotoName = keyof typeof PHOTO_SIZES;

export const photoFile = (name: PhotoName) => `room-${name}.jpg`;

export async function apiJson(
  ctx: BenchContext,
  method: "GET" | "POST",
  route: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${ctx.app.url}/api/v1${route}`, {
    method,
    headers: { "x-api-key": ctx.account.apiKey, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json() };
}
