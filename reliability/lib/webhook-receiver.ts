/**
 * A webhook receiver on loopback whose behaviour is scripted per scenario (the path's
 * last segment) and per delivery attempt of each event id: answer 2xx, fail with 500,
 * hang past the sender's timeout, or redirect (3xx, which must count as a failure and
 * never be followed). Every delivery is recorded with its headers and raw body.
 */
import http from "node:http";

export type Answer = "ok" | "fail" | "hang" | "redirect" | "unavailable";

export interface Delivery {
  scenario: string;
  eventId: string;
  /** 1 for the first delivery of this event id to this scenario. */
  attempt: number;
  receivedAt: number;
  timestamp: string;
  signature: string;
  rawBody: string;
  answer: Answer;
}

export interface WebhookReceiver {
  port: number;
  url(scenario: string): string;
  script(scenario: string, answer: (attempt: number) => Answer): void;
  deliveries: Delivery[];
  /** Requests to the redirect target: a follower of 3xx would show up here. */
  redirectFollows: number;
  close(): Promise<void>;
}

export async function startWebhookReceiver(port: number): Promise<WebhookReceiver> {
  const scripts = new Map<string, (attempt: number) => Answer>();
  const deliveries: Delivery[] = [];
  const state = { redirectFollows: 0 };
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const scenario = (req.url ?? "").split("/").pop() ?? "";
      if (scenario === "redirect-target") {
        state.redirectFollows++;
        return void res.writeHead(200).end();
      }
      const rawBody = Buffer.concat(chunks).toString("utf8");
      let eventId = "";
      try {
        eventId = JSON.parse(rawBody).id;
      } catch {
        eventId = "(not json)";
      }
      const attempt = deliveries.filter((d) => d.scenario === scenario && d.eventId === eventId).length + 1;
      const answer = scripts.get(scenario)?.(attempt) ?? "ok";
      deliveries.push({
        scenario,
        eventId,
        attempt,
        receivedAt: Date.now(),
        timestamp: String(req.headers["x-service-timestamp"] ?? ""),
        signature: String(req.headers["x-service-signature"] ?? ""),
        rawBody,
        answer,
      });
      switch (answer) {
        case "ok":
          return void res.writeHead(200).end("ok");
        case "fail":
          return void res.writeHead(500).end("receiver failure");
        case "unavailable":
          return void res.writeHead(503).end("down for maintenance");
        case "redirect":
          return void res.writeHead(302, { location: `http://127.0.0.1:${port}/hooks/redirect-target` }).end();
        case "hang":
          hanging.add(res);
          res.on("close", () => hanging.delete(res));
          setTimeout(() => res.writableEnded || res.writeHead(200).end("too late"), 10_000).unref();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port,
    url: (scenario) => `http://127.0.0.1:${port}/hooks/${scenario}`,
    script: (scenario, answer) => void scripts.set(scenario, answer),
    deliveries,
    get redirectFollows() {
      return state.redirectFollows;
    },
    close: () =>
      new Promise((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
