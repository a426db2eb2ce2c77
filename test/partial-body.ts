/**
 * Requests whose body is cut short or streamed without a length, to see a server answer
 * before reading a body it must refuse (413 from Content-Length, or once a stream passes
 * the limit). Used by the browser specs against the production server and by the route
 * tests against the route handlers.
 */
import crypto from "node:crypto";
import http from "node:http";

/**
 * Starts a PUT (or `method`) that announces `declared` bytes, sends only the first 64 KB,
 * and resolves with the answer the server gives while the rest is still unsent (or null
 * when it waits for the body). A server that read the body first would never answer here.
 */
export function answerBeforeBody(
  url: string,
  headers: Record<string, string>,
  declared: number,
  method = "PUT",
): Promise<{ status: number; body: string } | null> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers: { ...headers, "content-length": String(declared) } });
    const timer = setTimeout(() => {
      request.destroy();
      resolve(null);
    }, 15_000);
    request.on("response", (response) => {
      clearTimeout(timer);
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body });
      });
    });
    request.on("error", (error) => ((error as NodeJS.ErrnoException).code === "ECONNRESET" ? undefined : reject(error)));
    request.write(crypto.randomBytes(64 * 1024));
  });
}

/**
 * Streams a POST with no Content-Length (chunked), 64 KB at a time up to `upTo` bytes, and
 * resolves with the answer and how many bytes had been written when it came (null when the
 * server only answered after the whole body, or not at all within 30 s).
 */
export function answerWhileStreaming(
  url: string,
  headers: Record<string, string>,
  upTo: number,
): Promise<{ status: number; body: string; sentBytes: number } | null> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: "POST", headers: { ...headers, "transfer-encoding": "chunked" } });
    let sent = 0;
    let answered = false;
    const timer = setTimeout(() => {
      request.destroy();
      resolve(null);
    }, 30_000);
    request.on("response", (response) => {
      answered = true;
      const sentBytes = sent;
      clearTimeout(timer);
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => {
        request.destroy();
        resolve(sent >= upTo ? null : { status: response.statusCode ?? 0, body, sentBytes });
      });
    });
    request.on("error", (error) =>
      ["ECONNRESET", "EPIPE"].includes((error as NodeJS.ErrnoException).code ?? "") ? undefined : reject(error),
    );
    const chunk = crypto.randomBytes(64 * 1024);
    const pump = () => {
      while (!answered && sent < upTo) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}
