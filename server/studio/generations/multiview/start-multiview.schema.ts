/** The studio's input to render a multi-view set: an anchor photo and 1 to 3 other photos of the same room. */
import "server-only";
import { z } from "zod";
import { MULTIVIEW_OTHER_VIEWS as VIEWS } from "@/shared/vocabulary";
import { ColorSchema, IntensitySchema, RoomTypeSchema, StyleSchema } from "../input-fields";
import { StartActionSchema } from "../start-once";

const viewsMessage = `Pick ${VIEWS.min} to ${VIEWS.max} other photos of the room.`;

export const StartMultiviewSchema = StartActionSchema.extend({
  anchorPhotoId: z.uuid(),
  viewPhotoIds: z.array(z.uuid()).min(VIEWS.min, viewsMessage).max(VIEWS.max, viewsMessage),
  roomType: RoomTypeSchema,
  style: StyleSchema,
  color: ColorSchema.optional(),
  intensity: IntensitySchema,
});

export type StartMultiviewInput = z.infer<typeof StartMultiviewSchema>;
