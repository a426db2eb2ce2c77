import { bindRoute } from "@/server/v1/http/bind-route";
import { methodsNotAllowed } from "@/server/v1/http/method-not-allowed";
import { V1_ROUTE_TABLE } from "@/server/v1/routes";
import { createRenderSet } from "@/server/v1/services/multiview/create-render-set";
import { readRenderSet } from "@/server/v1/services/multiview/read-render-set";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
export const maxDuration = 60;

export const POST = bindRoute(V1_ROUTE_TABLE.createMultiview, async ({ ctx, account, body }) => ({
  body: await createRenderSet(ctx, { account, request: body }),
}));

export const GET = bindRoute(V1_ROUTE_TABLE.getMultiview, async ({ ctx, account, query }) => ({
  body: await readRenderSet(ctx, { accountId: account.id, renderSetId: query.render_set_id }),
}));

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(V1_ROUTE_TABLE.createMultiview.path);
