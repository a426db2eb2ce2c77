import { bindRoute } from "@/server/v1/http/bind-route";
import { methodsNotAllowed } from "@/server/v1/http/method-not-allowed";
import { V1_ROUTE_TABLE } from "@/server/v1/routes";
import { listJobGroups } from "@/server/v1/services/jobs/list-job-groups";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = bindRoute(V1_ROUTE_TABLE.listJobs, async ({ ctx, account, query, request }) => {
  const page = await listJobGroups(ctx, { accountId: account.id, limit: query.limit, cursor: query.cursor });
  if (!page.next) return { body: { data: page.data } };
  // The next page is announced in a Link header so the legacy body keeps its shape (D5).
  const next = new URL(request.url);
  next.search = new URLSearchParams({ limit: String(query.limit), cursor: page.next }).toString();
  return { body: { data: page.data }, headers: { Link: `<${next.toString()}>; rel="next"` } };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(V1_ROUTE_TABLE.listJobs.path);
