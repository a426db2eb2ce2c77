/** Removes a deleted photo for good once its undo window has passed (server/studio/photos/delete-photo.ts). */
import { inngest } from "@/inngest/client";
import { photoDeleted } from "@/inngest/studio-events";
import { createStudioContext } from "@/server/studio/context";
import { PHOTO_UNDO_WINDOW_MS, purgeDeletedPhoto } from "@/server/studio/photos/delete-photo";

export const purgeDeletedPhotoFunction = inngest.createFunction(
  { id: "studio-purge-deleted-photo", retries: 3, triggers: [photoDeleted] },
  async ({ event, step }) => {
    // A second past the window, so the purge never races an undo sent in its last moment.
    await step.sleep("undo-window", PHOTO_UNDO_WINDOW_MS + 1000);
    const purged = await step.run("purge", async () => purgeDeletedPhoto(await createStudioContext(), event.data));
    return { purged };
  },
);
