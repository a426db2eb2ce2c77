import { bindRoute } from "@/server/v1/http/bind-route";
import { methodsNotAllowed } from "@/server/v1/http/method-not-allowed";
import { V1_ROUTE_TABLE } from "@/server/v1/routes";
import { readJobGroup } from "@/server/v1/services/jobs/read-job-group";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = bindRoute(V1_ROUTE_TABLE.getJob, async ({ ctx, account, params }) =>
  readJobGroup(ctx, { accountId: account.id, jobId: params.jobSource }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(V1_ROUTE_TABLE.getJob.path);
