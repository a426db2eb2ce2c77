/**
 * next-auth v4 needs to know the site's origin for callback and redirect URLs (and sets
 * Secure cookies when it is https). It reads NEXTAUTH_URL, or trusts the forwarded host
 * on Vercel. We fill NEXTAUTH_URL from our own settings when it is missing, so one build
 * works everywhere:
 * - APP_URL when set (a custom domain, or a container behind a proxy);
 * - on Vercel production, the project's production domain;
 * - on Vercel previews the branch URL, stable across the branch's deployments, so OAuth
 *   callback URLs registered for it keep working (VERCEL_BRANCH_URL, then VERCEL_URL);
 * - with none of these (one machine, any port) the request's own host is trusted, which
 *   is safe because nothing else fronts the app.
 */
import { env, type Env } from "@/env";

export function siteUrl(settings: Env = env): string | undefined {
  if (settings.APP_URL) return settings.APP_URL;
  if (!settings.VERCEL) return undefined;
  const production = settings.VERCEL_ENV === "production" ? settings.VERCEL_PROJECT_PRODUCTION_URL : undefined;
  const host = production ?? settings.VERCEL_BRANCH_URL ?? settings.VERCEL_URL;
  return host ? `https://${host}` : undefined;
}

export function configureSiteUrl(): void {
  if (process.env.NEXTAUTH_URL) return;
  const url = siteUrl();
  if (url) process.env.NEXTAUTH_URL = url;
  else process.env.AUTH_TRUST_HOST = "true";
}
