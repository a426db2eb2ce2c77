const PROBE_ORIGIN = "http://atrium.invalid";

/**
 * Only same-site paths are followed after sign-in, so a link cannot bounce people
 * elsewhere. Browsers drop tabs and newlines from URLs and read "\" as "/", so
 * "/\t/evil.example" becomes "//evil.example", another site: anything with control
 * characters or backslashes is refused, and what remains is parsed the way the browser
 * will parse it and must stay on our origin. The answer is the re-serialised path.
 */
export function safeCallbackUrl(value: unknown, fallback = "/workspaces"): string {
  // Not a string: a repeated query parameter arrives as an array.
  if (typeof value !== "string" || !value.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A link between sign-in and sign-up that keeps where the person was going and their address. */
export function authLink(path: "/sign-in" | "/sign-up", callbackUrl: string, email?: string): string {
  const query = new URLSearchParams({ callbackUrl });
  if (email) query.set("email", email);
  return `${path}?${query}`;
}

/**
 * next-auth's redirect rule, which never throws: its default read any callback that was
 * not a path as an absolute URL and threw a TypeError (a 500) on anything else. A path on
 * our origin, given as a path or as a URL under `baseUrl`, is kept (checked as above);
 * anything else goes to the fallback.
 */
export function authRedirect(url: string, baseUrl: string, fallback = "/workspaces"): string {
  const path = url.startsWith(`${baseUrl}/`) ? url.slice(baseUrl.length) : url;
  return `${baseUrl}${safeCallbackUrl(path, fallback)}`;
}

/**
 * Whether a `callbackUrl` is something a link of ours could carry: a path or an http(s)
 * URL that parses as one. next-auth parses it the same way (a path against the site) and
 * answers 500 to one that does not parse, such as `//%` or `//`, so the auth route refuses
 * those itself. Anything else is a malformed request.
 */
export function isWellFormedCallbackUrl(value: string): boolean {
  if (/[\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    return ["http:", "https:"].includes(new URL(value, value.startsWith("/") ? PROBE_ORIGIN : undefined).protocol);
  } catch {
    return false;
  }
}
