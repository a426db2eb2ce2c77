import { withApiKey } from "@/server/v1/http/with-api-key";
import { JobListQuerySchema } from "@/server/v1/schemas/job";
import { listJobGroups } from "@/server/v1/services/jobs/list-job-groups";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApiKey({
  name: "GET /jobs",
  style: "legacy",
  query: JobListQuerySchema,
  handle: async ({ ctx, account, query, request }) => {
    const page = await listJobGroups(ctx, { accountId: account.id, limit: query.limit, cursor: query.cursor });
    if (!page.next) return { body: { data: page.data } };
    // The next page is announced in a Link header so the legacy body keeps its shape (D5).
    const next = new URL(request.url);
    next.search = new URLSearchParams({ limit: String(query.limit), cursor: page.next }).toString();
    return { body: { data: page.data }, headers: { Link: `<${next.toString()}>; rel="next"` } };
  },
});
