import "server-only";
import type { StudioContext } from "../context";

/** A URL the browser can load the photo from (a signed link on private storage). */
export async function photoUrl(ctx: Pick<StudioContext, "storage">, key: string): Promise<string> {
  return ctx.storage.url(key);
}
