import { withApiKey } from "@/server/v1/http/with-api-key";
import { readJobGroup } from "@/server/v1/services/jobs/read-job-group";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApiKey({
  name: "GET /jobs/{jobSource}",
  style: "legacy",
  handle: async ({ ctx, account, params }) => ({ body: await readJobGroup(ctx, { accountId: account.id, jobId: params.jobSource }) }),
});
