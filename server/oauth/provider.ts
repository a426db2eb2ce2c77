/**
 * The authorization server for the MCP server (OAuth 2.1 as the MCP specification's
 * authorization part asks), on oidc-provider: the library does the protocol (metadata,
 * PKCE, codes, tokens, refresh rotation, registration, revocation, Client ID Metadata
 * Documents); this file only chooses its policy:
 * - authorization code with PKCE S256 only, for public clients and clients with a secret;
 * - clients by Client ID Metadata Document (fetched through the guarded fetch) or by
 *   Dynamic Client Registration (RFC 7591), with exactly the redirect URIs they registered;
 * - one resource, the MCP server (RFC 8707): every access token's audience is its URL,
 *   opaque, for 1 hour; refresh tokens rotate on every use and last 30 days;
 * - every authorization goes through the studio's consent page (no silent re-approval,
 *   whoever last signed in on that browser), where a person with developer access picks
 *   the workspace and the scope; the grant's account is that connection (connected_apps).
 */
import "server-only";
import Provider, { errors, interactionPolicy, type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import { KEY_SCOPES } from "@/shared/vocabulary";
import { logError } from "@/server/log";
import { findLiveConnection } from "./find-live-connection";
import { fetchClientMetadata } from "./fetch-client-metadata";
import { OAuthRecordsAdapter } from "./records-adapter";
import { renderOAuthError } from "./render-error";
import { cookieKeys, signingJwk } from "./signing-keys";
import { consentPath, mcpResourceUrl, OAUTH_ROUTES, oauthIssuer } from "./urls";

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

/** Every authorization asks the person: the login prompt is resolved only by this request's own consent page. */
function consentEveryTime() {
  const policy = interactionPolicy.base();
  const { Check } = interactionPolicy;
  policy
    .get("login")!
    .checks.add(
      new Check("consent_each_time", "Each authorization is approved on the consent page", (ctx) =>
        ctx.oidc.result?.login ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT,
      ),
    );
  return policy;
}

function configuration(): Configuration {
  const resource = mcpResourceUrl();
  return {
    adapter: OAuthRecordsAdapter,
    clients: [],
    jwks: { keys: [signingJwk() as never] },
    cookies: { keys: cookieKeys() },
    clientDefaults: {
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      id_token_signed_response_alg: "EdDSA",
    },
    enabledJWA: { idTokenSigningAlgValues: ["EdDSA"] },
    clientAuthMethods: ["none", "client_secret_basic", "client_secret_post"],
    responseTypes: ["code"],
    pkce: { required: () => true },
    allowOmittingSingleRegisteredRedirectUri: false,
    routes: OAUTH_ROUTES,
    // The grantable scopes are also listed here, so a client may register them (RFC 7591 `scope`) and discovery names them.
    scopes: ["openid", "offline_access", ...KEY_SCOPES],
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      // A client revokes only its own tokens; another's attempt is answered as done and changes nothing (RFC 7009).
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      registration: { enabled: true, initialAccessToken: false, issueRegistrationAccessToken: false },
      clientIdMetadataDocument: { enabled: true, ack: "draft-02" },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => resource,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget(`Tokens are issued for ${resource} only.`);
          return { scope: KEY_SCOPES.join(" "), audience: resource, accessTokenTTL: HOUR, accessTokenFormat: "opaque" };
        },
      },
    },
    fetch: fetchClientMetadata as Configuration["fetch"],
    interactions: { url: async (_ctx, interaction) => consentPath(interaction.uid), policy: consentEveryTime() },
    // A grant is only ever the one this request's consent made: never one found in a browser session.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    rotateRefreshToken: () => true,
    // Tokens live by their own expiry and the connection, never by the browser session they came from.
    expiresWithSession: async () => false,
    ttl: {
      AccessToken: HOUR,
      AuthorizationCode: 60,
      RefreshToken: 30 * DAY,
      Grant: 365 * DAY,
      Interaction: HOUR,
      Session: HOUR,
      IdToken: HOUR,
    },
    findAccount: async (_ctx, sub) => {
      const connection = await findLiveConnection(sub);
      return connection ? { accountId: sub, claims: async () => ({ sub }) } : undefined;
    },
    renderError: renderOAuthError,
  };
}

const cached = globalThis as unknown as { __atriumOAuthProvider?: { issuer: string; provider: Provider } };

/** The provider for this deployment's issuer (one per process; its state is in Postgres). */
export function oauthProvider(): Provider {
  const issuer = oauthIssuer();
  if (cached.__atriumOAuthProvider?.issuer !== issuer) {
    const provider = new Provider(issuer, configuration());
    provider.on("server_error", (_ctx, error) => logError("[oauth]", error));
    cached.__atriumOAuthProvider = { issuer, provider };
  }
  return cached.__atriumOAuthProvider.provider;
}
