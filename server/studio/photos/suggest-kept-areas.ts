import "server-only";
import { suggestKeptAreas, type SuggestedArea } from "@/server/images/kept-area-suggestions";
import { AppError } from "@/server/errors";
import type { StudioContext } from "../context";
import { findPhoto } from "./find-photo";

/**
 * The windows, doors and tall built-ins suggested from a stored photo's own lines (D17),
 * for "Keep these areas" to draw over it (server/images/kept-area-suggestions.ts).
 */
export async function suggestPhotoKeptAreas(ctx: StudioContext, input: { workspaceId: string; photoId: string }): Promise<SuggestedArea[]> {
  const photo = await findPhoto(ctx, input);
  const blob = await ctx.storage.get(photo.storageKey);
  if (!blob) throw new AppError("not_found", "This photo's file is missing.");
  return suggestKeptAreas(blob.bytes);
}
