/** Which view of a set to make again: one of the other views (the anchor is view 0). */
import "server-only";
import { z } from "zod";
import { MULTIVIEW_OTHER_VIEWS } from "@/shared/vocabulary";

export const RedoViewSchema = z.object({ generationId: z.uuid(), viewIndex: z.number().int().min(1).max(MULTIVIEW_OTHER_VIEWS.max) });
