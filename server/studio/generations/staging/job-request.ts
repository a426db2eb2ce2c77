/**
 * The one mapping of a staging input to the v1 POST /job body. Its output, without the
 * photo's link (signed links expire), is also what the generation stores as its params,
 * so what the studio shows is what it sent.
 */
import "server-only";
import type { z } from "zod";
import type { JobRequestSchema } from "@/server/v1/schemas/job";
import type { KeptRecord } from "../kept-areas";
import type { StartStagingInput } from "./start-staging.schema";

/** What a staging run stores: the request as sent (without the photo's and mask's expiring links) and the photo's kept areas (kept-areas.ts). */
export type StagingParams = ReturnType<typeof jobRequest> & { kept?: KeptRecord[] };

export function jobRequest(input: StartStagingInput) {
  const { redesignType: redesign_type, roomType: room_type, style, color, intensity, fast, seed } = input;
  return { redesign_type, room_type, style, color, intensity, fast, seed } satisfies Omit<z.input<typeof JobRequestSchema>, "source_url">;
}
