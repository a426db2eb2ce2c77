/**
 * The email an OAuth provider vouches for, or null when it does not. Linking by email is
 * only safe for addresses the provider verified: otherwise anyone could add a victim's
 * address to their own provider account and sign in as the victim.
 * - Google puts `email_verified` in the ID token's profile.
 * - GitHub's profile email may be unverified; its /user/emails list (the `user:email`
 *   scope next-auth's GitHub provider asks for) says which addresses are verified.
 */
import "server-only";
import { normalizeEmail } from "@/server/studio/users/normalize-email";

export const GITHUB_API_URL = "https://api.github.com";

type Fetch = typeof fetch;

export async function verifiedProviderEmail(input: {
  provider: string;
  email: string | null | undefined;
  profile?: Record<string, unknown>;
  accessToken?: string;
  fetch?: Fetch;
}): Promise<string | null> {
  if (!input.email) return null;
  const email = normalizeEmail(input.email);
  if (input.provider === "google") return input.profile?.email_verified === true ? email : null;
  if (input.provider === "github") return (await githubVerifiedEmails(input.accessToken, input.fetch ?? fetch)).has(email) ? email : null;
  return null;
}

async function githubVerifiedEmails(accessToken: string | undefined, fetchImpl: Fetch): Promise<Set<string>> {
  if (!accessToken) return new Set();
  const response = await fetchImpl(`${GITHUB_API_URL}/user/emails`, {
    headers: { authorization: `Bearer ${accessToken}`, accept: "application/vnd.github+json", "user-agent": "Atrium" },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) return new Set();
  const emails = (await response.json()) as { email?: unknown; verified?: unknown }[];
  return new Set(emails.filter((e) => e.verified === true && typeof e.email === "string").map((e) => normalizeEmail(e.email as string)));
}
