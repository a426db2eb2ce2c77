/**
 * An MCP client that signs in with OAuth the way assistants do, on the official MCP
 * TypeScript SDK client's own auth support: it connects, gets the 401, discovers the
 * authorization server from the Protected Resource Metadata, registers (by Client ID
 * Metadata Document when given `clientMetadataUrl`, else by Dynamic Client Registration),
 * and hands the authorization URL to `signIn`, which plays the person's browser and
 * returns the redirect's query (code, state, iss). The SDK then exchanges the code with
 * its PKCE verifier and connects. State is kept in memory, per client.
 */
import type {
  OAuthClientMetadata,
  OAuthClientProvider,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from "@modelcontextprotocol/client";
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from "@modelcontextprotocol/client";

type DiscoveryState = Awaited<ReturnType<NonNullable<OAuthClientProvider["discoveryState"]>>>;

export class TestOAuthClient implements OAuthClientProvider {
  information?: StoredOAuthClientInformation;
  saved?: StoredOAuthTokens;
  authorizationUrl?: URL;
  private verifier = "";
  private discovery?: DiscoveryState;

  constructor(
    readonly redirectUrl: string,
    readonly options: { name?: string; clientMetadataUrl?: string } = {},
  ) {}

  get clientMetadataUrl(): string | undefined {
    return this.options.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.options.name ?? "Test assistant",
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }

  clientInformation() {
    return this.information;
  }
  saveClientInformation(information: StoredOAuthClientInformation) {
    this.information = information;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: StoredOAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  discoveryState() {
    return this.discovery;
  }
  saveDiscoveryState(state: DiscoveryState) {
    this.discovery = state;
  }
}

/** The client metadata document a client publishes at its https client_id. */
export function clientMetadataDocument(clientId: string, redirectUrl: string, name: string): string {
  return JSON.stringify({
    client_id: clientId,
    client_name: name,
    redirect_uris: [redirectUrl],
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
  });
}

/**
 * Connects to the MCP server at `url`, signing in when it answers 401: `signIn` gets the
 * authorization URL and returns the query the authorization server redirected back with.
 */
export async function connectWithOAuth(
  url: string,
  provider: TestOAuthClient,
  signIn: (authorizationUrl: URL) => Promise<URLSearchParams>,
): Promise<Client> {
  const client = new Client({ name: provider.options.name ?? "Test assistant", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(url), { authProvider: provider });
  try {
    await client.connect(transport);
    return client;
  } catch (error) {
    if (!(error instanceof UnauthorizedError) || !provider.authorizationUrl) throw error;
  }
  await transport.finishAuth(await signIn(provider.authorizationUrl));
  const signedIn = new Client({ name: provider.options.name ?? "Test assistant", version: "1.0.0" });
  await signedIn.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: provider }));
  return signedIn;
}
