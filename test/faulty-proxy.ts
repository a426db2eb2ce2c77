/**
 * An HTTP proxy in front of the app that misbehaves on cue, as a gateway or a flaky
 * network does: it refuses a request with 429 and Retry-After without forwarding it, or
 * forwards it (so the service acts and charges) and then answers 502 with a gateway's
 * HTML instead of the service's answer. Clients' retry rules are tested through it.
 */
import http from "node:http";
import { freePort } from "./process-harness";

export type Fault = "rate_limited" | "lost_answer";

export interface FaultyProxy {
  url: string;
  /** The next request to `pathname` meets `fault`; queued faults are met in order. */
  fail(pathname: string, fault: Fault): void;
  /** Requests that reached the proxy for `pathname`, faults included. */
  count(pathname: string): number;
  close(): Promise<void>;
}

export async function startFaultyProxy(target: string): Promise<FaultyProxy> {
  const faults = new Map<string, Fault[]>();
  const counts = new Map<string, number>();
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", target);
    counts.set(url.pathname, (counts.get(url.pathname) ?? 0) + 1);
    const fault = faults.get(url.pathname)?.shift();
    if (fault === "rate_limited") return void res.writeHead(429, { "retry-after": "1", "content-type": "text/plain" }).end("slow down");
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    // fetch sets its own host, length and connection for the forwarded request.
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => !["host", "connection", "content-length"].includes(name)),
    ) as Record<string, string>;
    let answer: Response;
    let body: Buffer;
    try {
      answer = await fetch(url, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
      body = Buffer.from(await answer.arrayBuffer());
    } catch (error) {
      return void res.writeHead(504, { "content-type": "text/plain" }).end(String(error));
    }
    if (fault === "lost_answer") return void res.writeHead(502, { "content-type": "text/html" }).end("<html>Bad gateway</html>");
    const passed = Object.fromEntries(
      [...answer.headers].filter(([name]) => !["content-encoding", "transfer-encoding", "connection"].includes(name)),
    );
    res.writeHead(answer.status, { ...passed, "content-length": body.length }).end(body);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    fail: (pathname, fault) => faults.set(pathname, [...(faults.get(pathname) ?? []), fault]),
    count: (pathname) => counts.get(pathname) ?? 0,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
