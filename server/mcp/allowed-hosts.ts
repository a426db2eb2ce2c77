import "server-only";
import { env } from "@/env";
import { siteUrl } from "@/server/auth/site-url";

/**
 * The names this deployment answers MCP requests under, for the Host and Origin checks
 * that stop DNS rebinding (a page on another site whose name resolves to this server):
 * the loopback names, APP_URL and the site's URL, and Vercel's deployment, branch and
 * production names. Hostnames only: the MCP SDK's checks ignore ports.
 */
export function mcpAllowedHostnames(): string[] {
  const urls = [env.APP_URL, siteUrl()].filter((url): url is string => Boolean(url)).map((url) => new URL(url).hostname);
  const vercel = [env.VERCEL_URL, env.VERCEL_BRANCH_URL, env.VERCEL_PROJECT_PRODUCTION_URL].filter((host): host is string => Boolean(host));
  return [...new Set(["localhost", "127.0.0.1", "[::1]", ...urls, ...vercel.map((host) => new URL(`https://${host}`).hostname)])];
}
