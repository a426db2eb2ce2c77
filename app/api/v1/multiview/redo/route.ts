import { bindRoute } from "@/server/v1/http/bind-route";
import { methodsNotAllowed } from "@/server/v1/http/method-not-allowed";
import { V1_ROUTE_TABLE } from "@/server/v1/routes";
import { redoRenderView } from "@/server/v1/services/multiview/redo-render-view";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = bindRoute(V1_ROUTE_TABLE.redoMultiview, async ({ ctx, account, body }) => ({
  body: await redoRenderView(ctx, {
    account,
    renderSetId: body.render_set_id,
    viewIndex: body.view_index,
    reviewRedo: body.review_redo === true,
  }),
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(V1_ROUTE_TABLE.redoMultiview.path);
