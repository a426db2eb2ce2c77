import { bindRoute } from "@/server/v1/http/bind-route";
import { methodsNotAllowed } from "@/server/v1/http/method-not-allowed";
import { V1_ROUTE_TABLE } from "@/server/v1/routes";
import { readMe } from "@/server/v1/services/accounts/read-me";
import { ACCOUNT_HEADERS } from "@/server/v1/schemas/job";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = bindRoute(V1_ROUTE_TABLE.me, async ({ ctx, account }) => {
  const me = await readMe(ctx.db, { account, now: ctx.now() });
  return { body: me.body, headers: { [ACCOUNT_HEADERS.creditBalance]: String(me.creditBalance), [ACCOUNT_HEADERS.plan]: me.plan } };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(V1_ROUTE_TABLE.me.path);
