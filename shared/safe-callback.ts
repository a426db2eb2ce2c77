const PROBE_ORIGIN = "http://atrium.invalid";

/**
 * Only same-site paths are followed after sign-in, so a link cannot bounce people
 * elsewhere. Browsers drop tabs and newlines from URLs and read "\" as "/", so
 * "/\t/evil.example" becomes "//evil.example", another site: anything with control
 * characters or backslashes is refused, and what remains is parsed the way the browser
 * will parse it and must stay on our origin. The answer is the re-serialised path.
 */
export function safeCallbackUrl(value: string | null | undefined, fallback = "/workspaces"): string {
  if (!value || !value.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
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
