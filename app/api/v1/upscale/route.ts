import { bindRoute } from "@/server/v1/http/bind-route";
import { V1_ROUTE_TABLE } from "@/server/v1/routes";
import { upscale } from "@/server/v1/services/media/upscale";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
export const maxDuration = 300;

export const POST = bindRoute(V1_ROUTE_TABLE.upscale, async ({ ctx, account, body }) => upscale(ctx, { account, request: body }));
