import { z } from "zod";
import { studioDownload } from "@/server/http/studio-download";
import { listingZip } from "@/server/studio/listings/listing-zip";

/** The whole listing as one zip (server/studio/listings/listing-zip.ts), streamed. */
export function GET(request: Request) {
  return studioDownload(request, z.object({ workspaceId: z.uuid(), projectId: z.uuid() }), async (ctx, input, { userId }) => ({
    contentType: "application/zip",
    ...(await listingZip(ctx, { ...input, userId })),
  }));
}
