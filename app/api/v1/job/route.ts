import { bindRoute } from "@/server/v1/http/bind-route";
import { methodsNotAllowed } from "@/server/v1/http/method-not-allowed";
import { V1_ROUTE_TABLE } from "@/server/v1/routes";
import { createJob } from "@/server/v1/services/jobs/create-job";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
export const maxDuration = 60;

export const POST = bindRoute(V1_ROUTE_TABLE.createJob, async ({ ctx, account, body }) => ({
  body: await createJob(ctx, { account, job: body }),
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(V1_ROUTE_TABLE.createJob.path);
