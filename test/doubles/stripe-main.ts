/**
 * The Stripe double as a process of its own (the browser tests' web server, the bench),
 * configured by its environment: STRIPE_DOUBLE_PORT, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET
 * (the same values the app is given), STRIPE_DOUBLE_WEBHOOK_URL (the app's
 * /api/stripe/webhook) and STRIPE_DOUBLE_DELIVERY ("duplicateRate,maxDelayMs,lateRate,lateMs";
 * unset: the double's defaults, duplicates and late events included). Unauthenticated
 * requests answer 401, which is how a waiting harness sees it is up.
 */
import { startStripeDouble } from "./stripe";

const [duplicateRate, maxDelayMs, lateRate, lateMs] = (process.env.STRIPE_DOUBLE_DELIVERY ?? "").split(",").filter(Boolean).map(Number);
const double = await startStripeDouble({
  port: Number(process.env.STRIPE_DOUBLE_PORT ?? 0),
  secretKey: process.env.STRIPE_SECRET_KEY,
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET,
  webhookUrl: process.env.STRIPE_DOUBLE_WEBHOOK_URL,
  delivery: duplicateRate === undefined ? undefined : { duplicateRate, maxDelayMs, lateRate, lateMs },
});
console.log(
  `[stripe double] ${double.origin} (API ${double.apiVersion}), webhooks to ${process.env.STRIPE_DOUBLE_WEBHOOK_URL ?? "nowhere"}`,
);
const stop = () => void double.close().then(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
