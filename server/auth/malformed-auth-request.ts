import "server-only";
import type { NextRequest } from "next/server";
import { isWellFormedCallbackUrl } from "@/shared/safe-callback";

/**
 * Requests next-auth answers with a 500 although the mistake is the client's (round 3 I1,
 * round 4 I2), refused here before next-auth runs:
 * - a `callbackUrl` that is neither a path nor an http(s) URL that parses, in the query,
 *   the form body or next-auth's callback cookie → 400 (a malformed cookie is also
 *   cleared, so the browser recovers); next-auth's own check of it answered 500;
 * - a method next-auth does not serve on the password form's callback (only POST) → 405.
 */
export async function refuseMalformedAuthRequest(req: NextRequest, action: string[]): Promise<Response | null> {
  if (action[0] === "callback" && action[1] === "credentials" && req.method !== "POST") {
    return Response.json({ error: "Sign in with the form: this address takes a POST." }, { status: 405, headers: { allow: "POST" } });
  }
  const given = req.nextUrl.searchParams.getAll("callbackUrl");
  if (req.method === "POST" && req.headers.get("content-type")?.startsWith("application/x-www-form-urlencoded")) {
    given.push(...(await req.clone().formData()).getAll("callbackUrl").map(String));
  }
  const refusal = (headers?: HeadersInit) =>
    Response.json({ error: "callbackUrl must be a path on this site or an http(s) URL." }, { status: 400, headers });
  if (given.length > 1 || given.some((value) => !isWellFormedCallbackUrl(value))) return refusal();
  const cookie = req.cookies.getAll().find(({ name, value }) => name.endsWith("next-auth.callback-url") && !isWellFormedCallbackUrl(value));
  return cookie
    ? refusal({
        "set-cookie": `${cookie.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${cookie.name.startsWith("__Secure-") ? "; Secure" : ""}`,
      })
    : null;
}
