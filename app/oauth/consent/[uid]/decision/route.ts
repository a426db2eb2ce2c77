import { clientIp } from "@/server/auth/client-ip";
import { getSession } from "@/server/auth/session";
import { toAppError } from "@/server/errors";
import { fromOwnPages } from "@/server/http/same-origin-mutation";
import { logError } from "@/server/log";
import { handoffPage, refusalPage } from "@/server/oauth/handoff-page";
import { consentPath } from "@/server/oauth/urls";
import { createStudioContext } from "@/server/studio/context";
import { decideConnectedApp, type ConnectedAppDecision } from "@/server/studio/developers/decide-connected-app";
import { wordOf } from "@/components/ui/options";
import { KEY_SCOPES } from "@/shared/vocabulary";

/** 30 s gives the sign-in's routes a function of their own (docs/deploy.md, "Vercel bundles functions"): the authorization server's packages stay out of the lean routes' 40 MB bundle. */
export const maxDuration = 30;

/** The consent form's answer (components/oauth/consent-form.tsx), from this site's own page and a signed-in person only. */
export async function POST(request: Request, { params }: { params: Promise<{ uid: string }> }): Promise<Response> {
  const { uid } = await params;
  const back = consentPath(uid);
  if (!fromOwnPages(request)) return refusalPage("This answer did not come from Atrium's own consent page.", 403, back);
  const session = await getSession();
  if (!session) return refusalPage("Sign in to Atrium, then answer the request again.", 401, back);
  const form = await request.formData();
  const answer: ConnectedAppDecision =
    form.get("decision") === "approve"
      ? {
          decision: "approve",
          workspaceId: String(form.get("workspaceId") ?? ""),
          scope: wordOf(KEY_SCOPES, form.get("scope"), "read_only"),
        }
      : { decision: "deny" };
  try {
    const ctx = await createStudioContext();
    const { redirectTo } = await decideConnectedApp(ctx, {
      uid,
      cookie: request.headers.get("cookie") ?? "",
      userId: session.user.id,
      ip: clientIp(request.headers),
      answer,
    });
    return handoffPage(
      redirectTo,
      answer.decision === "approve" ? "Connected. Returning you to the app…" : "Not connected. Returning you to the app…",
    );
  } catch (thrown) {
    const error = toAppError(thrown);
    if (error.code === "internal_error") logError("[oauth] consent", thrown);
    return refusalPage(error.code === "internal_error" ? "Something went wrong. Try again." : error.message, error.status, back);
  }
}
