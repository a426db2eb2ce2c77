import { withApiKey } from "@/server/v1/http/with-api-key";
import { PAID_PLANS } from "@/server/v1/plans";
import { VideoRequestSchema, VideoStatusQuerySchema } from "@/server/v1/schemas/media";
import { createVideo } from "@/server/v1/services/video/create-video";
import { readVideo } from "@/server/v1/services/video/read-video";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
export const maxDuration = 60;

export const POST = withApiKey({
  name: "POST /video",
  style: "envelope",
  generation: true,
  plans: PAID_PLANS,
  body: VideoRequestSchema,
  handle: async ({ ctx, account, body }) => ({ body: await createVideo(ctx, { account, request: body }) }),
});

export const GET = withApiKey({
  name: "GET /video",
  style: "envelope",
  query: VideoStatusQuerySchema,
  handle: async ({ ctx, account, query }) => ({ body: await readVideo(ctx, { accountId: account.id, jobId: query.job_id }) }),
});
