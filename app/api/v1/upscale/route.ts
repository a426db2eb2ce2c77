import { withApiKey } from "@/server/v1/http/with-api-key";
import { UpscaleRequestSchema } from "@/server/v1/schemas/media";
import { upscale } from "@/server/v1/services/media/upscale";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
export const maxDuration = 300;

export const POST = withApiKey({
  name: "POST /upscale",
  style: "envelope",
  generation: true,
  body: UpscaleRequestSchema,
  handle: async ({ ctx, account, body }) => upscale(ctx, { account, request: body }),
});
