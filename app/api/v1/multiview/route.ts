import { PAID_PLANS } from "@/server/v1/plans";
import { withApiKey } from "@/server/v1/http/with-api-key";
import { MultiviewRequestSchema, MultiviewStatusQuerySchema } from "@/server/v1/schemas/multiview";
import { createRenderSet } from "@/server/v1/services/multiview/create-render-set";
import { readRenderSet } from "@/server/v1/services/multiview/read-render-set";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
export const maxDuration = 60;

export const POST = withApiKey({
  name: "POST /multiview",
  style: "envelope",
  preview: "multiview",
  plans: PAID_PLANS,
  generation: true,
  body: MultiviewRequestSchema,
  handle: async ({ ctx, account, body }) => ({ body: await createRenderSet(ctx, { account, request: body }) }),
});

export const GET = withApiKey({
  name: "GET /multiview",
  style: "envelope",
  preview: "multiview",
  plans: PAID_PLANS,
  query: MultiviewStatusQuerySchema,
  handle: async ({ ctx, account, query }) => ({ body: await readRenderSet(ctx, { accountId: account.id, renderSetId: query.render_set_id }) }),
});
