import { headers } from "next/headers";
import { siteUrl } from "@/server/auth/site-url";

/** The address customers call the API at: the deployment's public origin, else the one this page was opened on. */
export async function publicApiBaseUrl(): Promise<string> {
  const configured = siteUrl();
  if (configured) return `${configured.replace(/\/+$/, "")}/api/v1`;
  const incoming = await headers();
  const host = incoming.get("host") ?? "localhost:3000";
  const protocol = incoming.get("x-forwarded-proto") ?? "http";
  return `${protocol}://${host}/api/v1`;
}
