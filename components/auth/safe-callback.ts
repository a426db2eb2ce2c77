/** Only same-site paths are followed after sign-in, so a link cannot bounce people elsewhere. */
export function safeCallbackUrl(value: string | null | undefined, fallback = "/workspaces"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}
