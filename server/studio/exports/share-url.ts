/** The public disclosure page of a share token; the browser adds its own origin, as invite links do. */
export function sharePath(token: string): string {
  return `/share/${token}`;
}
