import { bindRoute } from "@/server/v1/http/bind-route";
import { methodsNotAllowed } from "@/server/v1/http/method-not-allowed";
import { V1_ROUTE_TABLE } from "@/server/v1/routes";
import { describeProperty } from "@/server/v1/services/media/describe-property";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
export const maxDuration = 300;

export const POST = bindRoute(V1_ROUTE_TABLE.describeProperty, async ({ ctx, account, body }) =>
  describeProperty(ctx, { account, request: body }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(V1_ROUTE_TABLE.describeProperty.path);
