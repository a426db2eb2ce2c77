import { serve } from "inngest/next";
import type { NextRequest } from "next/server";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions";
import { siteUrl } from "@/server/auth/site-url";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
// Steps may run for minutes (providers, video); the platform default would cut them off.
export const maxDuration = 300;

// The URL Inngest is told to call comes from settings, never from the request's Host.
const handlers = serve({ client: inngest, functions, serveOrigin: siteUrl() });

export const { GET, POST } = handlers;

/**
 * Only a signed in-band sync (the SDK verifies its signature) may sync functions. A bare
 * PUT would make this server call Inngest's register endpoint for anyone who asks.
 */
export async function PUT(request: NextRequest, context: unknown) {
  if (request.headers.get("x-inngest-sync-kind") !== "in_band") {
    return Response.json({ error: "Only signed in-band syncs are accepted." }, { status: 401 });
  }
  return handlers.PUT(request, context as never);
}
