/**
 * next-auth v4 needs to know the site's origin for callback and redirect URLs (and sets
 * Secure cookies when it is https). It reads NEXTAUTH_URL, or — when told to trust the
 * host — takes it from the request's X-Forwarded-Host, which any client can send. We
 * give it a fixed origin from our own settings, so one build works everywhere and no
 * header chooses where people are sent:
 * - NEXTAUTH_URL, or APP_URL when set (a custom domain, or a container behind a proxy);
 * - on Vercel production, the project's production domain;
 * - on Vercel previews the branch URL, stable across the branch's deployments, so OAuth
 *   callback URLs registered for it keep working (VERCEL_BRANCH_URL, then VERCEL_URL);
 * - with none of these, http://localhost:$PORT (README: APP_URL's default);
 * - the forwarded host only when the operator sets AUTH_TRUST_HOST (a proxy that
 *   rewrites it and serves several names).
 */
import "server-only";
import { env, type Env } from "@/env";

export function siteUrl(settings: Env = env): string | undefined {
  if (settings.APP_URL) return settings.APP_URL;
  if (!settings.VERCEL) return undefined;
  const production = settings.VERCEL_ENV === "production" ? settings.VERCEL_PROJECT_PRODUCTION_URL : undefined;
  const host = production ?? settings.VERCEL_BRANCH_URL ?? settings.VERCEL_URL;
  return host ? `https://${host}` : undefined;
}

/** The origin next-auth uses: a fixed URL, or (only when configured) the forwarded host. */
export function nextAuthOrigin(settings: Env = env): { url: string } | { trustForwardedHost: true } {
  const url = settings.NEXTAUTH_URL ?? siteUrl(settings);
  if (url) return { url };
  if (settings.AUTH_TRUST_HOST) return { trustForwardedHost: true };
  return { url: `http://localhost:${settings.PORT}` };
}

export function configureSiteUrl(): void {
  const origin = nextAuthOrigin();
  if ("url" in origin) {
    process.env.NEXTAUTH_URL = origin.url;
    delete process.env.AUTH_TRUST_HOST;
  } else {
    process.env.AUTH_TRUST_HOST = "true";
  }
}
