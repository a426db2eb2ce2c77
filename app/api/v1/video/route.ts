import { bindRoute } from "@/server/v1/http/bind-route";
import { methodsNotAllowed } from "@/server/v1/http/method-not-allowed";
import { V1_ROUTE_TABLE } from "@/server/v1/routes";
import { createVideo } from "@/server/v1/services/video/create-video";
import { readVideo } from "@/server/v1/services/video/read-video";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
export const maxDuration = 60;

export const POST = bindRoute(V1_ROUTE_TABLE.createVideo, async ({ ctx, account, body }) => ({
  body: await createVideo(ctx, { account, request: body }),
}));

export const GET = bindRoute(V1_ROUTE_TABLE.getVideo, async ({ ctx, account, query }) => ({
  body: await readVideo(ctx, { accountId: account.id, jobId: query.job_id }),
}));

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(V1_ROUTE_TABLE.createVideo.path);
