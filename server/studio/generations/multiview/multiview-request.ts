/**
 * The one mapping of a multi-view input to the v1 POST /multiview body. Its output,
 * without the photos' links (signed links expire), is what the generation stores as its
 * params, with the photos it names and what each other view costs as it starts.
 */
import "server-only";
import type { z } from "zod";
import type { MultiviewRequestSchema } from "@/server/v1/schemas/multiview";
import type { StartMultiviewInput } from "./start-multiview.schema";

export type MultiviewParams = ReturnType<typeof multiviewRequest> & { photoIds: string[]; siblingCost: number };

export function multiviewRequest(input: StartMultiviewInput) {
  const { roomType: room_type, style, color, intensity } = input;
  return { room_type, style, color, intensity } satisfies Omit<z.input<typeof MultiviewRequestSchema>, "source_url" | "additional_view_urls">;
}
