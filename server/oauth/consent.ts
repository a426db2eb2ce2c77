/**
 * The consent step of an authorization, between oidc-provider and the studio's consent
 * page: what the request asks for (read from the interaction the provider saved, found by
 * the interaction cookie it set in this browser, so a consent page opened elsewhere finds
 * nothing), the grant a person's approval makes, and the result the provider resumes with.
 */
import "server-only";
import type { InteractionResults } from "oidc-provider";
import { KEY_SCOPES, type KeyScope } from "@/shared/vocabulary";
import { oauthProvider } from "./provider";
import { nodePair } from "./serve-authorization-server";
import { consentPath, mcpResourceUrl, oauthIssuer } from "./urls";

type Provider = ReturnType<typeof oauthProvider>;
export type PendingInteraction = Awaited<ReturnType<Provider["interactionDetails"]>>;

export interface ConsentRequest {
  uid: string;
  clientId: string;
  /** As the client names itself: its metadata document's or registration's client_name. */
  clientName: string;
  /** The host serving its metadata document when the client id is a URL (who vouches for the name); null for a registered client. */
  clientHost: string | null;
  /** Where the browser goes back to once the person decides. */
  redirectHost: string;
  /** The scopes it asked for, of those a person can grant (full, read_only). */
  requestedScopes: KeyScope[];
}

/** The interaction this browser is in, by its cookie; null when there is none, it expired, or it is another one's. */
export async function pendingInteraction(uid: string, cookie: string): Promise<PendingInteraction | null> {
  const { req, res } = nodePair(new Request(new URL(consentPath(uid), oauthIssuer()), { headers: { cookie } }));
  try {
    const interaction = await oauthProvider().interactionDetails(req, res);
    return interaction.uid === uid ? interaction : null;
  } catch {
    return null;
  }
}

const words = (value: unknown) => (typeof value === "string" ? value.split(" ").filter(Boolean) : []);

export async function describeConsent(interaction: PendingInteraction): Promise<ConsentRequest> {
  const clientId = String(interaction.params.client_id);
  const client = await oauthProvider().Client.find(clientId);
  const named = client?.metadata().client_name?.trim();
  const clientUrl = URL.canParse(clientId) ? new URL(clientId) : null;
  return {
    uid: interaction.uid,
    clientId,
    clientName: named || clientId,
    clientHost: clientUrl?.host ?? null,
    redirectHost: new URL(String(interaction.params.redirect_uri)).host,
    requestedScopes: KEY_SCOPES.filter((scope) => words(interaction.params.scope).includes(scope)),
  };
}

/**
 * The provider's grant for an approval: the MCP server with the chosen scope (the other
 * one, if asked for, refused, so the provider does not ask again), and the OpenID scopes
 * the client asked for. Its account is the connection. The request's own scope becomes the
 * chosen one too (the token answer names it, RFC 6749 §3.3): a person may grant read-only
 * access to an app that asked for full access.
 */
export async function grantConsent(interaction: PendingInteraction, input: { connectionId: string; scope: KeyScope }): Promise<string> {
  const others = words(interaction.params.scope).filter((scope) => !(KEY_SCOPES as readonly string[]).includes(scope));
  const asked = words(interaction.params.scope);
  const { Grant } = oauthProvider();
  const grant = new Grant({ accountId: input.connectionId, clientId: String(interaction.params.client_id) });
  const resource = mcpResourceUrl();
  grant.addResourceScope(resource, input.scope);
  const refused = KEY_SCOPES.filter((scope) => scope !== input.scope && asked.includes(scope));
  if (refused.length > 0) grant.rejectResourceScope(resource, refused.join(" "));
  // The scopes are also the provider's own (provider.ts), so the grant names them on both sides.
  const granted = asked.filter((scope) => scope === "openid" || scope === "offline_access");
  grant.addOIDCScope([...granted, input.scope].join(" "));
  if (refused.length > 0) grant.rejectOIDCScope(refused.join(" "));
  interaction.params.scope = [...others, input.scope].join(" ");
  return grant.save();
}

/** Saves the person's decision on the interaction; returns where the browser resumes the authorization. */
export async function finishConsent(interaction: PendingInteraction, result: InteractionResults): Promise<string> {
  interaction.result = result;
  await interaction.save(interaction.exp - Math.floor(Date.now() / 1000));
  return interaction.returnTo;
}

export const declined: InteractionResults = {
  error: "access_denied",
  error_description: "The person declined to connect this app to Atrium.",
};
