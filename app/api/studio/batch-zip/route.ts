import { z } from "zod";
import { studioDownload } from "@/server/http/studio-download";
import { batchZip } from "@/server/studio/batches/batch-zip";

/** A whole-listing batch's staged photos as one zip (server/studio/batches/batch-zip.ts), streamed. */
export function GET(request: Request) {
  return studioDownload(request, z.object({ workspaceId: z.uuid(), batchId: z.uuid() }), async (ctx, input, { userId }) => ({
    contentType: "application/zip",
    ...(await batchZip(ctx, { ...input, userId })),
  }));
}
