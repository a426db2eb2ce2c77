/**
 * Crafted callback URLs (round 3, I1): next-auth's default redirect rule read any
 * callbackUrl that was not a path as a URL and threw a TypeError (an unhandled 500). The
 * route answers 400 for a malformed one, and the redirect rule never throws: it keeps only
 * paths on this site. Round 4 (I2): `callbackUrl=//%` still answered 500, so every auth
 * route's query parameters are fuzzed with malformed values below.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { env } from "@/env";
import { GET, POST } from "@/app/api/auth/[...nextauth]/route";
import { authRedirect } from "@/shared/safe-callback";
import { authOptions } from "./options";

// next-auth's core handler, which the route runs inside Next's request scope (not exported by name).
const { AuthHandler } = createRequire(import.meta.url)(path.resolve("node_modules/next-auth/core/index.js")) as {
  AuthHandler(params: { req: Request; options: unknown }): Promise<{ status?: number; cookies?: { name: string; value: string }[] }>;
};

const site = env.APP_URL!;

describe("callbackUrl", () => {
  it.each(["foo", "http://[::1", "javascript:alert(1)", "//evil.example/\u0000"])("answers 400 for %j at the route", async (crafted) => {
    const request = new NextRequest(`${env.APP_URL}/api/auth/signin?${new URLSearchParams({ callbackUrl: crafted })}`);
    const answer = await GET(request, { params: Promise.resolve({ nextauth: ["signin"] }) });
    expect(answer.status).toBe(400);
  });

  it("answers 400 for a repeated one", async () => {
    const request = new NextRequest(`${env.APP_URL}/api/auth/signin?callbackUrl=/a&callbackUrl=/b`);
    expect((await GET(request, { params: Promise.resolve({ nextauth: ["signin"] }) })).status).toBe(400);
  });

  it("answers 400 for one in the sign-in form's body or in next-auth's cookie (and clears the cookie)", async () => {
    const form = new NextRequest(`${env.APP_URL}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "a@example.test", password: "x", callbackUrl: "foo" }).toString(),
    });
    expect((await POST(form, { params: Promise.resolve({ nextauth: ["callback", "credentials"] }) })).status).toBe(400);
    const cookie = new NextRequest(`${env.APP_URL}/api/auth/session`, {
      headers: { cookie: "next-auth.callback-url=http%3A%2F%2F%5B%3A%3A1" },
    });
    const answer = await GET(cookie, { params: Promise.resolve({ nextauth: ["session"] }) });
    expect(answer.status).toBe(400);
    expect(answer.headers.get("set-cookie")).toMatch(/^next-auth\.callback-url=; Path=\/; Max-Age=0/);
  });

  it("never makes next-auth throw for one it does not check itself (the form's), and keeps only paths on this site", async () => {
    for (const crafted of ["foo", "http://[::1", "https://evil.example/x"]) {
      // The body as next-auth reads it (its route handler parses the form into this).
      const request = new Request(`${site}/api/auth/callback/credentials`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "nobody@example.test", password: "wrong", callbackUrl: crafted }),
      });
      const answer = await AuthHandler({ req: request, options: authOptions() });
      expect(answer.status ?? 200, crafted).toBeLessThan(500);
      expect(answer.cookies?.find((c) => c.name.endsWith("callback-url"))?.value, crafted).toBe(`${site}/workspaces`);
    }
  });

  it("keeps a path on this site, given as a path or as a URL", () => {
    expect(authRedirect("/invite/abc?x=1", site)).toBe(`${site}/invite/abc?x=1`);
    expect(authRedirect(`${site}/w/acme/projects`, site)).toBe(`${site}/w/acme/projects`);
    expect(authRedirect(`${site}.evil.example/x`, site)).toBe(`${site}/workspaces`);
    expect(authRedirect("/\t/evil.example", site)).toBe(`${site}/workspaces`);
  });
});

/** Values a crafted link can put in any query parameter: broken escapes, bare schemes, hosts that are not, control characters. */
const MALFORMED = [
  "//%",
  "%",
  "%zz",
  "/%",
  "//%zz",
  "%E0%A4%A",
  "%F0%9F%98",
  "%C0%AF",
  "%00",
  "/%00",
  "%0d%0aSet-Cookie:%20x=1",
  "%5C%5Cevil.example",
  "http://%",
  "https://[::1",
  "javascript:alert(1)",
  "http:",
  "//",
  "///",
  "%2F%2F%25",
];
const AUTH_ROUTES = [
  ["signin"],
  ["signin", "credentials"],
  ["callback", "credentials"],
  ["signout"],
  ["session"],
  ["csrf"],
  ["providers"],
  ["error"],
  ["verify-request"],
  ["_log"],
];
const PARAMETERS = ["callbackUrl", "error", "email", "csrfToken", "code", "state", "token"];

/**
 * What the route answers: its own refusal, or, for a request it passes on, next-auth's
 * answer (the handler itself needs Next's request scope, so next-auth's core is asked
 * with the same request, as the route would hand it over).
 */
async function routeStatus(method: "GET" | "POST", route: string[], query: string): Promise<number> {
  const url = `${site}/api/auth/${route.join("/")}?${query}`;
  const init = method === "POST" ? { method, headers: { "content-type": "application/x-www-form-urlencoded" }, body: query } : { method };
  try {
    return (await (method === "GET" ? GET : POST)(new NextRequest(url, init), { params: Promise.resolve({ nextauth: route }) })).status;
  } catch (error) {
    if (!String(error).includes("outside a request scope")) throw error;
  }
  const answer = await AuthHandler({ req: new Request(url, init), options: authOptions() });
  return answer.status ?? 200;
}

describe("malformed queries on the auth routes (I2)", () => {
  it("never answer 500, whichever route, parameter or value", async () => {
    const failed: string[] = [];
    for (const route of AUTH_ROUTES) {
      for (const name of PARAMETERS) {
        for (const value of MALFORMED) {
          for (const method of ["GET", "POST"] as const) {
            const status = await routeStatus(method, route, `${name}=${value}`);
            if (status >= 500) failed.push(`${method} ${route.join("/")}?${name}=${value} → ${status}`);
          }
        }
      }
    }
    expect(failed).toEqual([]);
  });
});
