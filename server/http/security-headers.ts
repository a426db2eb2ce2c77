/**
 * The security headers of every answer (SECURITY.md). Pages get a Content-Security-Policy
 * with a fresh nonce per request (Next 16's documented approach: proxy.ts sets it on the
 * request, Next puts the nonce on its own scripts, pages render dynamically); API and
 * file answers get a policy that allows nothing to run. Styles stay 'unsafe-inline'
 * (without a nonce, which would disable it): React style attributes, recharts and the
 * mask painter set inline styles, and styles cannot run code.
 */
import "server-only";
import { env, type Env } from "@/env";

/** Where the browser loads and sends photos when they live in a bucket (presigned GET, PUT and POST). */
export function storageOrigins(settings: Env = env): string[] {
  if (!settings.S3_BUCKET) return [];
  if (settings.S3_ENDPOINT) {
    const endpoint = new URL(settings.S3_ENDPOINT);
    const virtualHost = `${endpoint.protocol}//${settings.S3_BUCKET}.${endpoint.host}`;
    return settings.S3_FORCE_PATH_STYLE ? [endpoint.origin] : [endpoint.origin, virtualHost];
  }
  const region = settings.S3_REGION;
  return [`https://${settings.S3_BUCKET}.s3.${region}.amazonaws.com`, `https://s3.${region}.amazonaws.com`];
}

export function pagePolicy(nonce: string, settings: Env = env): string {
  const development = settings.NODE_ENV === "development";
  const storage = storageOrigins(settings).join(" ");
  const directives = [
    "default-src 'self'",
    // 'strict-dynamic': scripts our nonced scripts load (Next's chunks) may run; nothing else.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${storage}`.trim(),
    `media-src 'self' blob: ${storage}`.trim(),
    `connect-src 'self' ${storage}${development ? " ws: wss:" : ""}`.trim(),
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "frame-src 'none'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
  ];
  return directives.join("; ");
}

/** For JSON, files and redirects: nothing in them may run or be framed. */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Headers every answer carries, pages and API alike (set in next.config.mjs and proxy.ts). */
export function commonSecurityHeaders(settings: Env = env): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (settings.NODE_ENV === "production") headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}

export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}
