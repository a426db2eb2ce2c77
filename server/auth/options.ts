/**
 * next-auth configuration: email + password always (no outside service needed), Google
 * and GitHub when their settings are present. Sessions are JWTs in a cookie, so no
 * session table; the token carries our user id, resolved once at sign-in.
 */
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GitHubProvider from "next-auth/providers/github";
import GoogleProvider from "next-auth/providers/google";
import { env } from "@/env";
import { secret } from "@/server/secrets";
import { createStudioContext } from "@/server/studio/context";
import { upsertOAuthUser } from "@/server/studio/users/upsert-oauth-user";
import { verifyCredentials } from "@/server/studio/users/verify-credentials";
import { configureSiteUrl } from "./site-url";

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
    session: { strategy: "jwt", maxAge: 30 * 24 * 3600 },
    pages: { signIn: "/sign-in" },
    providers: [
      CredentialsProvider({
        name: "Email",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials) {
          if (!credentials?.email || !credentials.password) return null;
          return verifyCredentials(await createStudioContext(), credentials);
        },
      }),
      ...oauthProviders(),
    ],
    callbacks: {
      async signIn({ user, account }) {
        if (account?.type !== "oauth") return true;
        if (!user.email) return false;
        const studioUser = await upsertOAuthUser(await createStudioContext(), { email: user.email, name: user.name, image: user.image });
        // Replace the provider's id with ours before the jwt callback stores it.
        user.id = studioUser.id;
        user.name = studioUser.name;
        return true;
      },
      jwt({ token, user }) {
        if (user) token.uid = user.id;
        return token;
      },
      session({ session, token }) {
        session.user = { id: token.uid as string, email: token.email ?? "", name: token.name ?? "" };
        return session;
      },
    },
  };
}
