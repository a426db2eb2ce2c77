/**
 * A client choosing the host next-auth builds its URLs from: with no site URL
 * configured (APP_URL unset here), X-Forwarded-Host must not become the origin of
 * sign-in and callback URLs.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  delete process.env.APP_URL;
  delete process.env.NEXTAUTH_URL;
  delete process.env.AUTH_TRUST_HOST;
});

import { env } from "@/env";
import { nextAuthOrigin } from "./site-url";

// next-auth's core handler, which the route runs inside Next's request scope (not exported by name).
const { AuthHandler } = createRequire(import.meta.url)(path.resolve("node_modules/next-auth/core/index.js")) as {
  AuthHandler(params: { req: Request; options: unknown }): Promise<{ status?: number; body?: unknown }>;
};

describe("trusted host", () => {
  it("builds next-auth's URLs from settings, never from X-Forwarded-Host", async () => {
    expect(env.APP_URL).toBeUndefined();
    const { authOptions } = await import("./options");
    const request = new Request(`http://127.0.0.1:${env.PORT}/api/auth/providers`, {
      headers: { host: `127.0.0.1:${env.PORT}`, "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
    });
    const answer = await AuthHandler({ req: request, options: authOptions() });
    expect(answer.status ?? 200).toBe(200);
    const providers = answer.body as Record<string, { signinUrl: string; callbackUrl: string }>;
    expect(providers.credentials.signinUrl).toBe(`http://localhost:${env.PORT}/api/auth/signin/credentials`);
    expect(JSON.stringify(providers)).not.toContain("evil.example");
  });

  it("trusts the forwarded host only when the operator says so", () => {
    expect(nextAuthOrigin({ ...env, AUTH_TRUST_HOST: true })).toEqual({ trustForwardedHost: true });
    expect(nextAuthOrigin({ ...env, AUTH_TRUST_HOST: true, APP_URL: "https://studio.example.com" })).toEqual({
      url: "https://studio.example.com",
    });
    expect(nextAuthOrigin({ ...env, AUTH_TRUST_HOST: false })).toEqual({ url: `http://localhost:${env.PORT}` });
  });
});
