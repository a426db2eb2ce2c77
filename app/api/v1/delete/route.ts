import { withApiKey } from "@/server/v1/http/with-api-key";
import { DeleteRequestSchema } from "@/server/v1/schemas/job";
import { deleteJobGroup } from "@/server/v1/services/jobs/delete-job-group";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withApiKey({
  name: "POST /delete",
  style: "legacy",
  body: DeleteRequestSchema,
  handle: async ({ ctx, account, body }) => ({ body: await deleteJobGroup(ctx, { accountId: account.id, jobId: body.jobId }) }),
});
