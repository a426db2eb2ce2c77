/**
 * A local HTTP server for the fetch tests that counts every TCP connection and request,
 * so a test can prove a refused fetch never reached it.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

export type CountingServer = {
  port: number;
  connections: number;
  requests: string[];
  route(path: string, handler: Handler): void;
  reset(): void;
  close(): Promise<void>;
};

export async function startCountingServer(): Promise<CountingServer> {
  const routes = new Map<string, Handler>();
  const server = http.createServer((request, response) => {
    state.requests.push(request.url ?? "");
    const handler = routes.get(new URL(request.url ?? "/", "http://x").pathname);
    if (handler) handler(request, response);
    else response.writeHead(404).end();
  });
  server.on("connection", () => {
    state.connections++;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const state: CountingServer = {
    port: (server.address() as AddressInfo).port,
    connections: 0,
    requests: [],
    route: (path, handler) => routes.set(path, handler),
    reset() {
      state.connections = 0;
      state.requests = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return state;
}
