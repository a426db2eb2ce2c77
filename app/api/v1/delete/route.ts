import { bindRoute } from "@/server/v1/http/bind-route";
import { methodsNotAllowed } from "@/server/v1/http/method-not-allowed";
import { V1_ROUTE_TABLE } from "@/server/v1/routes";
import { deleteJobGroup } from "@/server/v1/services/jobs/delete-job-group";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = bindRoute(V1_ROUTE_TABLE.deleteJob, async ({ ctx, account, body }) => ({
  body: await deleteJobGroup(ctx, { accountId: account.id, jobId: body.jobId }),
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(V1_ROUTE_TABLE.deleteJob.path);
