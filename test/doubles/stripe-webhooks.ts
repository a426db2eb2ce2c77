/**
 * The Stripe double's webhook deliveries, as Stripe makes them: a POST of the event's JSON
 * with `Stripe-Signature: t=…,v1=…` made by the library's own test-header helper, retried
 * with backoff on anything but 2xx, with no order promised. The defaults make that visible:
 * each delivery waits a random moment (so events of one change overtake each other), some
 * are sent twice, and some arrive late.
 */
import type Stripe from "stripe";
import type { Obj } from "./stripe-state";

export interface DeliveryOptions {
  /** Share of events delivered twice (0–1). */
  duplicateRate?: number;
  /** Each delivery waits a random 0..maxDelayMs, so events overtake each other. */
  maxDelayMs?: number;
  /** Share of events held back for lateMs. */
  lateRate?: number;
  lateMs?: number;
  /** Waits before each retry of a delivery the endpoint did not take (2xx). */
  retryDelaysMs?: number[];
}

export const DEFAULT_DELIVERY: Required<DeliveryOptions> = {
  duplicateRate: 0.25,
  maxDelayMs: 200,
  lateRate: 0.1,
  lateMs: 1500,
  retryDelaysMs: [250, 1000, 4000, 10_000],
};

export interface Delivery {
  eventId: string;
  type: string;
  attempt: number;
  status: number | null;
  at: number;
}

export class WebhookDeliverer {
  readonly deliveries: Delivery[] = [];
  url: string | null = null;
  options: Required<DeliveryOptions> = { ...DEFAULT_DELIVERY };
  private pending = 0;
  private waiters: (() => void)[] = [];
  private closed = false;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly stripe: Stripe,
    private readonly secret: string,
  ) {}

  /** The body and Stripe-Signature header of one delivery of `event` (a test can change the secret or the time). */
  sign(event: Obj, options: { secret?: string; timestamp?: number } = {}): { payload: string; header: string } {
    const payload = JSON.stringify(event, null, 2);
    const header = this.stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? this.secret,
      timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
    });
    return { payload, header };
  }

  enqueue(event: Obj) {
    if (!this.url || this.closed) return;
    const { duplicateRate, maxDelayMs, lateRate, lateMs } = this.options;
    const copies = Math.random() < duplicateRate ? 2 : 1;
    for (let copy = 0; copy < copies; copy++) {
      const late = Math.random() < lateRate ? lateMs : 0;
      this.schedule(event, 1, late + Math.random() * maxDelayMs);
    }
  }

  /** Resolves once every scheduled delivery (retries included) has been made. */
  idle(): Promise<void> {
    return this.pending === 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }

  close() {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.pending = 0;
    this.settle();
  }

  private schedule(event: Obj, attempt: number, delayMs: number) {
    this.pending += 1;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(event, attempt).finally(() => {
        this.pending -= 1;
        this.settle();
      });
    }, delayMs);
    this.timers.add(timer);
  }

  private async attempt(event: Obj, attempt: number) {
    if (this.closed || !this.url) return;
    const { payload, header } = this.sign(event);
    let status: number | null = null;
    try {
      const response = await fetch(this.url, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "stripe-signature": header,
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        },
        body: payload,
        signal: AbortSignal.timeout(20_000),
      });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      status = null;
    }
    this.deliveries.push({ eventId: event.id, type: String(event.type), attempt, status, at: Date.now() });
    const ok = status !== null && status >= 200 && status < 300;
    const retry = this.options.retryDelaysMs[attempt - 1];
    if (!ok && retry !== undefined && !this.closed) this.schedule(event, attempt + 1, retry);
  }

  private settle() {
    if (this.pending > 0) return;
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}
