/** An edit of a finished description: the whole new text. */
import "server-only";
import { z } from "zod";

export const ReviseDescriptionSchema = z.object({
  generationId: z.uuid(),
  text: z.string().trim().min(1, "The description cannot be empty.").max(20_000),
});
