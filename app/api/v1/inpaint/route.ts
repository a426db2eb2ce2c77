import { withApiKey } from "@/server/v1/http/with-api-key";
import { InpaintRequestSchema } from "@/server/v1/schemas/media";
import { inpaint } from "@/server/v1/services/media/inpaint";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
export const maxDuration = 300;

export const POST = withApiKey({
  name: "POST /inpaint",
  style: "envelope",
  generation: true,
  body: InpaintRequestSchema,
  handle: async ({ ctx, account, body }) => inpaint(ctx, { account, request: body }),
});
