/**
 * The authorization server's HTTP face. oidc-provider is a Koa application, which takes
 * Node's request and response; a route handler has a Fetch Request, so fetch-to-node
 * makes the Node pair of it and the Response of what the provider wrote.
 *
 * The provider sees every request at the issuer's own origin (its Host and scheme are set
 * here, never taken from the client), so the URLs it builds and checks are the
 * deployment's own wherever the request came in. It never sees a session cookie of its
 * own: every authorization is approved on the consent page, for a connection of its own
 * (its account), so a browser session from an earlier sign-in means nothing, and the
 * provider would otherwise end it (a logout page) before letting the next sign-in finish.
 */
import "server-only";
import { FetchIncomingMessage, toFetchResponse, toReqRes } from "fetch-to-node";
import { withInferredApplicationType } from "./native-registration";
import { oauthProvider } from "./provider";
import { OAUTH_ROUTES, oauthIssuer } from "./urls";

/** fetch-to-node's request has no socket; Koa reads whether the connection is encrypted from one. */
class IssuerRequest extends FetchIncomingMessage {
  constructor(private readonly encrypted: boolean) {
    super();
  }
  override get socket() {
    return { encrypted: this.encrypted, remoteAddress: undefined } as never;
  }
  override set socket(_ignored) {}
}

/** The provider's session cookie (`_session`, and its signature), dropped from a Cookie header. */
function withoutSessionCookie(cookie: string | null): string {
  return (cookie ?? "")
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part && !/^_session(\.legacy)?(\.sig)?=/.test(part))
    .join("; ");
}

/** The request as the provider should see it: at the issuer's origin. */
export async function atIssuer(request: Request): Promise<Request> {
  const issuer = new URL(oauthIssuer());
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  headers.set("host", issuer.host);
  headers.delete("x-forwarded-host");
  headers.delete("x-forwarded-proto");
  const cookie = withoutSessionCookie(headers.get("cookie"));
  if (cookie) headers.set("cookie", cookie);
  else headers.delete("cookie");
  let body: ArrayBuffer | string | undefined =
    request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
  if (body && request.method === "POST" && url.pathname === OAUTH_ROUTES.registration) {
    body = withInferredApplicationType(new TextDecoder().decode(body));
    // Koa reads a body only when its length is stated.
    headers.set("content-length", String(Buffer.byteLength(body)));
  }
  return new Request(new URL(url.pathname + url.search, issuer), { method: request.method, headers, body });
}

/** The Node request and response pair of a Fetch request, for the provider's Node-style helpers too. */
export function nodePair(request: Request) {
  const encrypted = new URL(request.url).protocol === "https:";
  return toReqRes(request, { createIncomingMessage: () => new IssuerRequest(encrypted) });
}

export async function serveAuthorizationServer(request: Request): Promise<Response> {
  const { req, res } = nodePair(await atIssuer(request));
  void oauthProvider().callback()(req, res);
  return toFetchResponse(res);
}
