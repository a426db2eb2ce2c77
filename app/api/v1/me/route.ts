import { bindRoute } from "@/server/v1/http/bind-route";
import { V1_ROUTE_TABLE } from "@/server/v1/routes";
import { readMe } from "@/server/v1/services/accounts/read-me";
import { ACCOUNT_HEADERS } from "@/server/v1/schemas/job";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = bindRoute(V1_ROUTE_TABLE.me, async ({ ctx, account }) => ({
  body: await readMe(ctx.db, { account, now: ctx.now() }),
  headers: { [ACCOUNT_HEADERS.creditBalance]: String(account.creditBalance), [ACCOUNT_HEADERS.plan]: account.plan },
}));
