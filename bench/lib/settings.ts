/**
 * Where the bench runs: its own embedded Postgres (port and data folder), so it never
 * shares a database with `npm run dev` or the tests, and the ports of its servers.
 * `benchEnv()` is the environment of every process the bench starts, the production
 * server included: settings of another deployment (DATABASE_URL, S3, hosted
 * providers, an Inngest server) are dropped so all runs use the same local stack.
 */
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const BENCH_DATA_DIR = path.join(ROOT, ".data", "bench");
// BENCH_PORT_BASE moves every port at once, so two checkouts can bench side by side.
const base = Number(process.env.BENCH_PORT_BASE ?? 3900);
export const BENCH_PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54339);
/**
 * app: the measured server; stripe: the Stripe contract double (figure 13); logOff: the same
 * build with V1_REQUEST_LOG=off (figure 14); receiver: webhook receiver (figure 15).
 */
export const PORTS = {
  app: base + 1,
  baseline: base + 2,
  images: base + 3,
  replicate: base + 4,
  stripe: base + 5,
  logOff: base + 6,
  receiver: base + 7,
} as const;

/** The Stripe contract double the server's payments go to (figure 13), run in the bench's process. */
export const BENCH_STRIPE = {
  secretKey: "sk_test_atrium_bench_0000",
  webhookSecret: "whsec_atrium_bench_0000",
  apiBase: `http://127.0.0.1:${PORTS.stripe}`,
} as const;

/**
 * Which staging provider the measured server uses. "local" computes in the server's own
 * process; "remote" is the Replicate adapter against the contract double run as its own
 * process (bench/children/replicate-double.ts), every prediction taking
 * REMOTE_PROVIDER.predictionMs: the shape of a hosted provider, so figures 7 and 9 can
 * measure orchestration apart from CPU shared with the provider's own work.
 */
export type BenchProvider = "local" | "remote";
export const REMOTE_PROVIDER = {
  baseUrl: `http://127.0.0.1:${PORTS.replicate}/v1`,
  token: "r8_bench",
  predictionMs: 2500,
} as const;

const FOREIGN_SETTINGS =
  /^(DATABASE_URL|APP_URL|PORT|VERCEL.*|INNGEST_.*|S3_.*|PROVIDER_.*|REPLICATE_.*|OPENAI_.*|KLING_.*|V1_.*|LOCAL_EXECUTOR_.*|STRIPE_.*|STUDIO_SIGNUP_PLAN)$/;

export function benchEnv(provider: BenchProvider = "local"): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([key, value]) => value !== undefined && !FOREIGN_SETTINGS.test(key));
  return {
    ...Object.fromEntries(kept),
    NODE_ENV: "production",
    DATA_DIR: BENCH_DATA_DIR,
    EMBEDDED_PG_PORT: String(BENCH_PG_PORT),
    PORT: String(PORTS.app),
    APP_URL: `http://127.0.0.1:${PORTS.app}`,
    V1_PREVIEW_FEATURES: "all",
    V1_FETCH_ALLOWLIST: `127.0.0.1:${PORTS.images},127.0.0.1:${PORTS.receiver}`,
    // Figure 15 delivers to a receiver in the bench process; no other figure registers an endpoint.
    V1_WEBHOOKS_ENABLED: "true",
    // The load test sends far more than a real business client may per minute.
    V1_RATE_LIMIT_BUSINESS: "1000000000",
    // The studio figures stage 40-photo listings on fresh workspaces, as a local trial (npm run dev) may.
    STUDIO_SIGNUP_PLAN: "business",
    STRIPE_SECRET_KEY: BENCH_STRIPE.secretKey,
    STRIPE_WEBHOOK_SECRET: BENCH_STRIPE.webhookSecret,
    STRIPE_API_BASE: BENCH_STRIPE.apiBase,
    ...(provider === "remote"
      ? {
          PROVIDER_REDESIGN: "replicate",
          PROVIDER_INPAINT: "local",
          PROVIDER_UPSCALE: "local",
          PROVIDER_VIDEO: "local",
          REPLICATE_API_TOKEN: REMOTE_PROVIDER.token,
          REPLICATE_BASE_URL: REMOTE_PROVIDER.baseUrl,
        }
      : {}),
  };
}

/** Makes this process's environment the bench's; call before importing app modules (env.ts reads it once). */
export function applyBenchEnv(): void {
  const wanted = benchEnv();
  for (const key of Object.keys(process.env)) if (!(key in wanted)) delete process.env[key];
  Object.assign(process.env, wanted);
}
