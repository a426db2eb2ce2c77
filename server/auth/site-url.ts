/**
 * next-auth v4 needs to know the site's origin for callback and redirect URLs. It reads
 * NEXTAUTH_URL, or trusts the forwarded host on Vercel. We fill NEXTAUTH_URL from our
 * own settings when it is missing, so one build works everywhere:
 * - on Vercel previews the branch URL is stable across the branch's deployments, so
 *   OAuth callback URLs registered for it keep working (VERCEL_BRANCH_URL, then VERCEL_URL);
 * - elsewhere APP_URL; with none of these (one machine, any port) the request's own
 *   host is trusted, which is safe because nothing else fronts the app.
 */
import { env } from "@/env";

export function configureSiteUrl(): void {
  if (process.env.NEXTAUTH_URL) return;
  const vercelHost = env.VERCEL ? (env.VERCEL_BRANCH_URL ?? env.VERCEL_URL) : undefined;
  const url = vercelHost ? `https://${vercelHost}` : env.APP_URL;
  if (url) process.env.NEXTAUTH_URL = url;
  else process.env.AUTH_TRUST_HOST = "true";
}
