import { withApiKey } from "@/server/v1/http/with-api-key";
import { readMe } from "@/server/v1/services/accounts/read-me";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApiKey({
  name: "GET /me",
  style: "legacy",
  handle: async ({ ctx, account }) => ({ body: await readMe(ctx.db, { account, now: ctx.now() }) }),
});
