import { env } from "@/env";
import { withApiKey } from "@/server/v1/http/with-api-key";
import { PropertyDescriptionRequestSchema } from "@/server/v1/schemas/property-description";
import { describeProperty } from "@/server/v1/services/media/describe-property";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
export const maxDuration = 300;

export const POST = withApiKey({
  name: "POST /tools/property-description",
  style: "envelope",
  preview: "property_description",
  generation: true,
  body: PropertyDescriptionRequestSchema,
  bodyLimitBytes: env.V1_PROPERTY_BODY_LIMIT_BYTES,
  handle: async ({ ctx, account, body }) => describeProperty(ctx, { account, request: body }),
});
