import "server-only";

/** The part of an API key that is safe to show back: enough to recognise it, not to use it. */
export function keyPrefix(apiKey: string): string {
  return `${apiKey.slice(0, Math.min(12, Math.floor(apiKey.length / 3)))}…`;
}
