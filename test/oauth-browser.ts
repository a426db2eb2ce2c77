/**
 * The person's browser in an OAuth sign-in, for HTTP tests without Chromium: follows the
 * authorization server's redirects with a cookie jar (cookies kept by name and path, sent
 * where their path applies), stops at the consent page, where `decide` answers as the
 * studio's consent form would, and returns the query the app's redirect URI got.
 * (e2e/app/mcp-oauth.spec.ts drives the real consent page in Chromium.)
 */
export class CookieJar {
  private cookies = new Map<string, { value: string; path: string }>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";").map((part) => part.trim());
      const [name, ...value] = pair.split("=");
      const path = attributes.find((attribute) => attribute.toLowerCase().startsWith("path="))?.slice(5) ?? "/";
      const expired = attributes.some((attribute) => /^expires=/i.test(attribute) && Date.parse(attribute.slice(8)) < Date.now());
      if (expired || value.join("=") === "") this.cookies.delete(`${name}|${path}`);
      else this.cookies.set(`${name}|${path}`, { value: value.join("="), path });
    }
  }

  header(url: string): string {
    const { pathname } = new URL(url);
    return [...this.cookies.entries()]
      .filter(([, cookie]) => pathname === cookie.path || pathname.startsWith(cookie.path.endsWith("/") ? cookie.path : `${cookie.path}/`))
      .map(([key, cookie]) => `${key.split("|")[0]}=${cookie.value}`)
      .join("; ");
  }
}

export interface ConsentStop {
  uid: string;
  /** The browser's cookies as the consent page's URL would carry them. */
  cookie: string;
}

/**
 * Follows `url` through the authorization server. `decide` is called at the consent page
 * and returns where the browser goes next (the decision's redirect); the walk ends at the
 * first address outside the app (the client's redirect URI), whose query is returned.
 */
export async function walkAuthorization(
  url: URL | string,
  appOrigin: string,
  decide: (stop: ConsentStop) => Promise<string>,
  jar = new CookieJar(),
): Promise<URLSearchParams> {
  let next = new URL(url);
  for (let hops = 0; hops < 10; hops++) {
    if (next.origin !== appOrigin) return next.searchParams;
    const consent = next.pathname.match(/^\/oauth\/consent\/([^/]+)$/);
    if (consent) {
      next = new URL(await decide({ uid: consent[1], cookie: jar.header(next.href) }), appOrigin);
      continue;
    }
    const response = await fetch(next, { redirect: "manual", headers: { cookie: jar.header(next.href) } });
    jar.take(response);
    const location = response.headers.get("location");
    if (!location)
      throw new Error(
        `The authorization stopped at ${next.pathname} with HTTP ${response.status}: ${(await response.text()).slice(0, 1500)}`,
      );
    next = new URL(location, next);
  }
  throw new Error("Too many redirects.");
}
