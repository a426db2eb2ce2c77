/**
 * Serves the app's real route handlers (every app/**\/route.ts) over HTTP on
 * 127.0.0.1:$PORT, so integration tests speak HTTP to the same code `next start` runs,
 * without a production build. Routes are found from the file tree, as Next finds them.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { recordConnectionAddresses } from "@/server/http/connection-address";

type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

interface RouteEntry {
  pattern: RegExp;
  names: string[];
  catchAll: string[];
  file: string;
}

function discoverRoutes(appDir: string): RouteEntry[] {
  const files = (fs.readdirSync(appDir, { recursive: true }) as string[]).filter((f) => /(^|\/)route\.ts$/.test(f));
  return (
    files
      .map((file) => {
        const names: string[] = [];
        const catchAll: string[] = [];
        const segments = path
          .dirname(file)
          .split(path.sep)
          .filter((s) => s !== "." && !/^\(.*\)$/.test(s))
          .map((segment) => {
            const rest = segment.match(/^\[\.\.\.(\w+)\]$/);
            if (rest) return (names.push(rest[1]), catchAll.push(rest[1]), "(.+)");
            const param = segment.match(/^\[(\w+)\]$/);
            if (param) return (names.push(param[1]), "([^/]+)");
            return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
          });
        return { pattern: new RegExp(`^/${segments.join("/")}/?$`), names, catchAll, file: path.join(appDir, file) };
      })
      // As in Next: static segments before dynamic ones, catch-all routes last.
      .sort((a, b) => a.catchAll.length - b.catchAll.length || a.names.length - b.names.length)
  );
}

export interface AppServer {
  url: string;
  close(): Promise<void>;
}

export async function startAppServer(): Promise<AppServer> {
  // As instrumentation.ts does in the app: requests carry their connection's address.
  recordConnectionAddresses();
  const routes = discoverRoutes(path.resolve("app"));
  const port = Number(process.env.PORT);
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
      const route = routes.find((r) => r.pattern.test(url.pathname));
      const mod = route ? ((await import(route.file)) as Record<string, Handler>) : undefined;
      const handler = mod?.[req.method ?? "GET"];
      if (!route || !handler) {
        res.writeHead(404).end();
        return;
      }
      const match = url.pathname.match(route.pattern)!;
      // Catch-all segments arrive as arrays, as Next passes them.
      const params = Object.fromEntries(
        route.names.map((name, i) => [
          name,
          route.catchAll.includes(name) ? match[i + 1].split("/").map(decodeURIComponent) : decodeURIComponent(match[i + 1]),
        ]),
      );
      const hasBody = !["GET", "HEAD"].includes(req.method ?? "GET");
      const request = new Request(url, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
        duplex: "half",
      } as RequestInit);
      const response = await handler(request, { params: Promise.resolve(params) });
      // A handler may answer before reading the whole body (e.g. payload_too_large), which
      // leaves the socket unusable for another request: never keep it alive after a body.
      const headers: Record<string, string | string[]> = Object.fromEntries(response.headers);
      // Each cookie its own header, as Next sends them (a plain object would keep the last).
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) headers["set-cookie"] = cookies;
      if (hasBody) headers.connection = "close";
      res.writeHead(response.status, headers);
      if (response.body) Readable.fromWeb(response.body as never).pipe(res);
      else res.end();
    } catch (error) {
      console.error("[test app server]", error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
