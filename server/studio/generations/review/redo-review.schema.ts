/** Which result to make again because the person who looked judged it changed the room (D17). */
import "server-only";
import { z } from "zod";
import { RequestIdSchema } from "../../request-id";

export const RedoReviewSchema = z.object({ requestId: RequestIdSchema, outputId: z.uuid() });
