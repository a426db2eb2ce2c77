/**
 * The one mapping of a multi-view input to the v1 POST /multiview body. Its output,
 * without the photos' links (signed links expire), is what the generation stores as its
 * params, with the photos it names, what each other view costs as it starts, and the
 * photos' kept areas (kept-areas.ts).
 */
import "server-only";
import type { z } from "zod";
import type { MultiviewRequestSchema } from "@/server/v1/schemas/multiview";
import type { KeptRecord } from "../kept-areas";
import type { StartMultiviewInput } from "./start-multiview.schema";

export type MultiviewParams = ReturnType<typeof multiviewRequest> & { photoIds: string[]; siblingCost: number; kept?: KeptRecord[] };

export function multiviewRequest(input: StartMultiviewInput) {
  const { roomType: room_type, style, color, intensity } = input;
  return { room_type, style, color, intensity } satisfies Omit<
    z.input<typeof MultiviewRequestSchema>,
    "source_url" | "additional_view_urls"
  >;
}
