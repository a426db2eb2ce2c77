/**
 * next-auth configuration: email + password always (no outside service needed), Google
 * and GitHub when their settings are present. Sessions are encrypted JWTs in a cookie
 * carrying our user id and a session id that must still be recorded in studio.sessions
 * (server/auth/sessions.ts), so signing out ends a session for good.
 */
import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GitHubProvider from "next-auth/providers/github";
import GoogleProvider from "next-auth/providers/google";
import { env } from "@/env";
import { secret } from "@/server/secrets";
import { createStudioContext } from "@/server/studio/context";
import { UnconfirmedAccountError, upsertOAuthUser } from "@/server/studio/users/upsert-oauth-user";
import { signInWithPassword } from "@/server/studio/users/sign-in-with-password";
import { clientIp } from "./client-ip";
import { endSession, isSessionLive, SESSION_MAX_AGE_SECONDS, startSession } from "./sessions";
import { configureSiteUrl } from "./site-url";
import { authRedirect } from "@/shared/safe-callback";
import { verifiedProviderEmail } from "./verified-provider-email";

configureSiteUrl();

function oauthProviders() {
  const providers = [];
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    providers.push(GoogleProvider({ clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }));
  }
  if (env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET) {
    providers.push(GitHubProvider({ clientId: env.GITHUB_CLIENT_ID, clientSecret: env.GITHUB_CLIENT_SECRET }));
  }
  return providers;
}

/** Ids of the OAuth providers switched on, for the sign-in page's buttons. */
export function enabledOAuthProviders(): { id: string; name: string }[] {
  return oauthProviders().map((p) => ({ id: p.id, name: p.name }));
}

export function authOptions(): NextAuthOptions {
  return {
    secret: secret("AUTH_SECRET"),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/sign-in" },
    providers: [
      CredentialsProvider({
        name: "Email",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        // A lockout throws SignInLockedError, whose message ("locked:<minutes>") next-auth
        // hands to the form as the error, which words it.
        async authorize(credentials, request) {
          if (!credentials?.email || !credentials.password) return null;
          const { email, password } = credentials;
          return signInWithPassword(await createStudioContext(), { email, password, ip: clientIp(request?.headers) });
        },
      }),
      ...oauthProviders(),
    ],
    callbacks: {
      // Only paths on this site, and never a throw on a malformed value (shared/safe-callback.ts).
      redirect: ({ url, baseUrl }) => authRedirect(url, baseUrl),
      // OAuth: only an address the provider verified, and only linked to an account that
      // confirmed it too (server/studio/users/upsert-oauth-user.ts); a refusal goes back to
      // the sign-in page, which words the error code.
      async signIn({ user, account, profile }) {
        if (account?.type !== "oauth") return true;
        const email = await verifiedProviderEmail({
          provider: account.provider,
          email: user.email,
          profile: profile as Record<string, unknown> | undefined,
          accessToken: account.access_token,
        });
        if (!email) return "/sign-in?error=EmailNotVerified";
        try {
          const studioUser = await upsertOAuthUser(await createStudioContext(), { email, name: user.name, image: user.image });
          // Replace the provider's id with ours before the jwt callback stores it.
          user.id = studioUser.id;
          user.name = studioUser.name;
          return true;
        } catch (error) {
          if (error instanceof UnconfirmedAccountError) return "/sign-in?error=ConfirmEmailFirst";
          throw error;
        }
      },
      async jwt({ token, user }) {
        const { db } = await createStudioContext();
        if (user) {
          token.uid = user.id;
          token.sid = await startSession(db, { userId: user.id });
          return token;
        }
        // A cookie whose session was ended (sign-out, sign out everywhere) or never
        // recorded carries nobody any more.
        if (!(await isSessionLive(db, { sessionId: token.sid, userId: token.uid }))) return {};
        return token;
      },
      session({ session, token }) {
        if (typeof token.uid !== "string") return { expires: session.expires } as typeof session;
        session.user = { id: token.uid, email: token.email ?? "", name: token.name ?? "" };
        return session;
      },
    },
    events: {
      async signOut({ token }) {
        await endSession((await createStudioContext()).db, token?.sid);
      },
    },
  };
}
