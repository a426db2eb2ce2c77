import { bindRoute } from "@/server/v1/http/bind-route";
import { V1_ROUTE_TABLE } from "@/server/v1/routes";
import { inpaint } from "@/server/v1/services/media/inpaint";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
export const maxDuration = 300;

export const POST = bindRoute(V1_ROUTE_TABLE.inpaint, async ({ ctx, account, body }) => inpaint(ctx, { account, request: body }));
