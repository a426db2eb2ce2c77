/**
 * A tiny HTTP server of test images on 127.0.0.1:$FIXTURE_PORT (allow-listed for the
 * SSRF-safe fetcher by test/setup-env.ts). Tests register bytes under a path and pass
 * the URL to the API as a source image, as a client would pass its own CDN's URL. A
 * held path answers only when the test releases it, so a request that fetches it stays
 * in flight for as long as the test needs. With `tls`, it serves https with the loopback
 * test certificate (test/fixtures/tls), which the app trusts in tests: what must be an
 * https URL (a Client ID Metadata Document) can be served too.
 */
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import path from "node:path";

export interface FixtureServer {
  url(pathname: string): string;
  serve(pathname: string, body: Buffer | string, contentType?: string, status?: number): string;
  hits(pathname: string): number;
  /** The bodies and headers of the POSTs made to `pathname` (a webhook receiver's deliveries), oldest first. */
  received(pathname: string): { headers: http.IncomingHttpHeaders; body: string }[];
  /** Serves `body` at `pathname` once released: `requested` settles when the first request for it arrives. */
  hold(pathname: string, body: Buffer, contentType?: string): HeldFile;
  close(): Promise<void>;
}

export interface HeldFile {
  url: string;
  requested: Promise<void>;
  release(): void;
}

/** The loopback certificate and key (test/fixtures/tls) for a test's https server. */
export function loopbackTls(): { cert: Buffer; key: Buffer } {
  const dir = path.resolve(import.meta.dirname, "fixtures/tls");
  return { cert: fs.readFileSync(path.join(dir, "server.pem")), key: fs.readFileSync(path.join(dir, "server-key.pem")) };
}

export async function startFixtureServer(options: { tls?: boolean } = {}): Promise<FixtureServer> {
  const port = Number(process.env.FIXTURE_PORT);
  const files = new Map<
    string,
    { body: Buffer; contentType: string; status: number; held?: { arrived(): void; released: Promise<void> } }
  >();
  const hits = new Map<string, number>();
  const posts = new Map<string, { headers: http.IncomingHttpHeaders; body: string }[]>();
  const handler: http.RequestListener = async (req, res) => {
    const pathname = new URL(req.url ?? "/", "http://x").pathname;
    hits.set(pathname, (hits.get(pathname) ?? 0) + 1);
    if (req.method === "POST") {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      posts.set(pathname, [...(posts.get(pathname) ?? []), { headers: req.headers, body: Buffer.concat(chunks).toString("utf8") }]);
    }
    const file = files.get(pathname);
    if (!file) return void res.writeHead(404).end("not found");
    if (file.held) {
      file.held.arrived();
      await file.held.released;
    }
    res.writeHead(file.status, { "content-type": file.contentType, "content-length": file.body.length });
    res.end(file.body);
  };
  const server = options.tls ? https.createServer(loopbackTls(), handler) : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const url = (pathname: string) => `${options.tls ? "https" : "http"}://127.0.0.1:${port}${pathname}`;
  return {
    url,
    serve(pathname, body, contentType = "image/jpeg", status = 200) {
      files.set(pathname, { body: Buffer.isBuffer(body) ? body : Buffer.from(body), contentType, status });
      return url(pathname);
    },
    hits: (pathname) => hits.get(pathname) ?? 0,
    received: (pathname) => posts.get(pathname) ?? [],
    hold(pathname, body, contentType = "image/jpeg") {
      let arrived = () => {};
      let release = () => {};
      const requested = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      files.set(pathname, { body, contentType, status: 200, held: { arrived, released } });
      return { url: url(pathname), requested, release };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
