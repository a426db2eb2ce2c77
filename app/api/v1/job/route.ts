import { withApiKey } from "@/server/v1/http/with-api-key";
import { JobRequestSchema } from "@/server/v1/schemas/job";
import { createJob } from "@/server/v1/services/jobs/create-job";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
export const maxDuration = 60;

export const POST = withApiKey({
  name: "POST /job",
  style: "legacy",
  generation: true,
  body: JobRequestSchema,
  handle: async ({ ctx, account, body }) => ({ body: await createJob(ctx, { account, job: body }) }),
});
