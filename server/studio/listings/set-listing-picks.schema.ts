import "server-only";
import { z } from "zod";

export const LISTING_LIMITS = { picks: 100, caption: 200, description: 8000 } as const;

/** The whole list of picked results, in order: the page shows exactly these. */
export const SetListingPicksSchema = z.object({
  projectId: z.uuid(),
  picks: z
    .array(z.object({ outputId: z.uuid(), caption: z.string().trim().max(LISTING_LIMITS.caption).nullish() }))
    .max(LISTING_LIMITS.picks)
    .refine((picks) => new Set(picks.map((pick) => pick.outputId)).size === picks.length, "A result can be picked once."),
});
export type SetListingPicksInput = z.infer<typeof SetListingPicksSchema>;

export const SetListingDescriptionSchema = z.object({
  projectId: z.uuid(),
  description: z.string().trim().max(LISTING_LIMITS.description).nullable(),
});
