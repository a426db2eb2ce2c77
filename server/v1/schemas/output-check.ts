import "server-only";
import { z } from "zod";
import { DELIVERED_VERDICTS } from "@/shared/vocabulary";

/** The structure check's verdict on a delivered output (D17); a failed output is never delivered. */
export const OutputCheckSchema = z
  .object({
    verdict: z.enum(DELIVERED_VERDICTS).meta({
      description:
        "pass: the room's architecture looks kept. review: delivered, but a person should look before it is published (the zones say where and why).",
    }),
    summary: z.string().meta({
      description: "One plain sentence for people.",
      example: "Check this: most of the floor is covered or changed (16 % left as it was): rugs and furniture, or a new floor.",
    }),
    zones: z
      .array(
        z.object({
          zone: z.string().meta({ example: "floor" }),
          reason: z.string(),
          region: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).nullable().meta({
            description:
              "Where the zone lies in the output, as fractions of its width and height; null where it has no one place (the room's uprights, or a result that could not be lined up with the photo).",
          }),
        }),
      )
      .meta({ description: "The zones that made a review verdict, most certain first; empty on a pass." }),
  })
  .meta({ id: "OutputCheck" });

export type OutputCheck = z.infer<typeof OutputCheckSchema>;
