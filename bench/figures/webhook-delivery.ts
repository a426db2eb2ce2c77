/**
 * Figure 15: webhook delivery (D16) to a receiver on this machine. Events are emitted
 * the way a finished job emits them (emitWebhook: the event and its delivery stored, a
 * durable run started), and the receiver, a bare node:http server in the bench process,
 * notes when each arrives. Throughput: a burst of BURST events, arrivals per second
 * from the first emit to the last arrival. Latency: a steady RATE events per second for
 * STEADY_SECONDS, event → delivered for each (p50, p99).
 */
import crypto from "node:crypto";
import http from "node:http";
import { createVerbContext } from "@/server/context";
import { emitWebhook } from "@/server/v1/services/webhooks/emit-webhook";
import { createEndpoint } from "@/server/v1/services/webhooks/create-endpoint";
import type { Figure } from "../lib/report";
import { PORTS } from "../lib/settings";
import { benchAccount } from "../lib/stack";
import { fixed, ms, percentile } from "../lib/stats";
import type { BenchContext } from "./context";

const BURST = 1000;
const EMITTERS = 16;
const RATE = 50;
const STEADY_SECONDS = 20;

interface Receiver {
  arrivals: Map<string, number>;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const arrivals = new Map<string, number>();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const id = String(req.headers["webhook-id"]);
      if (!arrivals.has(id)) arrivals.set(id, performance.now());
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(PORTS.receiver, "127.0.0.1", resolve));
  return {
    arrivals,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function until(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error("deliveries still missing after the timeout");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function webhookDelivery(ctx: BenchContext): Promise<Figure> {
  const account = await benchAccount(ctx.db, "webhooks");
  await createEndpoint(ctx.db, {
    accountId: account.accountId,
    url: `http://127.0.0.1:${PORTS.receiver}/hook`,
    eventTypes: ["job.completed"],
  });
  const service = await createVerbContext({ db: ctx.db });
  const receiver = await startReceiver();
  const emitted = new Map<string, number>();
  const emit = async () => {
    const at = performance.now();
    const result = await emitWebhook(service, {
      accountId: account.accountId,
      type: "job.completed",
      data: { job_id: crypto.randomUUID(), kind: "job", status: "completed" },
    });
    if (!result) throw new Error("no endpoint took the event: are webhooks enabled for the bench?");
    emitted.set(result.eventId, at);
  };
  try {
    // Warm-up: the first runs start the delivery function's code paths.
    for (let i = 0; i < 20; i++) await emit();
    await until(() => receiver.arrivals.size >= 20, 60_000);
    emitted.clear();
    receiver.arrivals.clear();

    const burstStart = performance.now();
    let left = BURST;
    await Promise.all(
      Array.from({ length: EMITTERS }, async () => {
        while (left-- > 0) await emit();
      }),
    );
    const emittedMs = performance.now() - burstStart;
    await until(() => receiver.arrivals.size >= BURST, 300_000);
    const burstMs = Math.max(...receiver.arrivals.values()) - burstStart;
    const throughput = BURST / (burstMs / 1000);

    emitted.clear();
    receiver.arrivals.clear();
    const steadyStart = performance.now();
    const pending: Promise<void>[] = [];
    for (let i = 0; i < RATE * STEADY_SECONDS; i++) {
      const due = steadyStart + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      pending.push(emit());
    }
    await Promise.all(pending);
    await until(() => receiver.arrivals.size >= emitted.size, 120_000);
    const latencies = [...emitted].map(([id, at]) => receiver.arrivals.get(id)! - at);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);

    return {
      id: 15,
      title: "Webhook delivery to a local receiver",
      method: `Events emitted as a finished job emits them (emitWebhook: event and delivery stored, a durable run started) to one endpoint, a node:http receiver in the bench process answering 204. Burst: ${BURST} events from ${EMITTERS} emitters at once, deliveries per second from the first emit to the last arrival. Steady: ${RATE} events/s for ${STEADY_SECONDS} s, event → delivered per event.`,
      columns: ["case", "measure", "value"],
      rows: [
        [`burst of ${BURST}`, "emitted in", ms(emittedMs)],
        [`burst of ${BURST}`, "all delivered in", ms(burstMs)],
        [`burst of ${BURST}`, "throughput", `${fixed(throughput, 0)} deliveries/s`],
        [`${RATE}/s for ${STEADY_SECONDS} s`, "event → delivered p50 / p99", `${ms(p50)} / ${ms(p99)}`],
      ],
      targets: [
        { name: "≥ 100 deliveries/s", met: throughput >= 100, detail: `${fixed(throughput, 0)} deliveries/s` },
        { name: "p99 event → delivered < 2 s", met: p99 < 2000, detail: `${ms(p99)} at ${RATE} events/s` },
      ],
      notes: [
        "First attempts are made by the emitting process (here the bench's, as a job's durable step makes them in the server's), 16 at once per endpoint; none failed, so no retry run was needed.",
      ],
    };
  } finally {
    await receiver.close();
  }
}
