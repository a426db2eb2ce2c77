import { PAID_PLANS } from "@/server/v1/plans";
import { withApiKey } from "@/server/v1/http/with-api-key";
import { MultiviewRedoRequestSchema } from "@/server/v1/schemas/multiview";
import { redoRenderView } from "@/server/v1/services/multiview/redo-render-view";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withApiKey({
  name: "POST /multiview/redo",
  style: "envelope",
  preview: "multiview",
  plans: PAID_PLANS,
  generation: true,
  body: MultiviewRedoRequestSchema,
  handle: async ({ ctx, account, body }) => ({
    body: await redoRenderView(ctx, { account, renderSetId: body.render_set_id, viewIndex: body.view_index }),
  }),
});
