/**
 * Every setting of Atrium, validated once with zod. Importing this module parses
 * process.env; a bad value throws an error that names the setting, which stops
 * `next build`, `next start`, the admin command line and the tests alike.
 *
 * Which mode Atrium runs in (embedded or production) follows from which settings are
 * present; see README "Settings".
 */
import "server-only";
import { z } from "zod";
import { FREE_PLAN, PLAN_LIST_WORDS, PLANS } from "./shared/vocabulary";

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const int = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

const commaList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url().optional());

export const PREVIEW_FEATURES = ["multiview", "property_description"] as const;
export type PreviewFeature = (typeof PREVIEW_FEATURES)[number];

const providerChoice = z.enum(["local", "replicate", "openai", "kling"]);

/**
 * Replicate serves `owner/name` only for official models (POST /models/{owner}/{name}/predictions);
 * a community model answers 404 there and must be pinned as `owner/name:version`. These are
 * the official models the adapters are written for (docs/providers.md); anything else needs a version.
 */
export const REPLICATE_OFFICIAL_MODELS = [
  "black-forest-labs/flux-kontext-pro",
  "black-forest-labs/flux-kontext-max",
  "black-forest-labs/flux-2-pro",
  "black-forest-labs/flux-fill-pro",
  "google/nano-banana",
  "google/nano-banana-pro",
  "topazlabs/image-upscale",
  "kwaivgi/kling-v2.1",
] as const;

const replicateModel = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v) => v.trim() || fallback)
    .superRefine((v, ctx) => {
      if (!/^[\w.-]+\/[\w.-]+(:\w+)?$/.test(v)) {
        ctx.addIssue({ code: "custom", message: "expected owner/name (an official model) or owner/name:version" });
      } else if (!v.includes(":") && !(REPLICATE_OFFICIAL_MODELS as readonly string[]).includes(v)) {
        ctx.addIssue({
          code: "custom",
          message: `${v} is not an official Replicate model, and Replicate serves community models only by version: set owner/name:version (docs/providers.md)`,
        });
      }
    });

/** On Vercel, or reached at an APP_URL that is not this machine's loopback name or address. */
function isPublicDeployment(settings: { VERCEL: boolean; APP_URL?: string }): boolean {
  if (settings.VERCEL) return true;
  if (!settings.APP_URL) return false;
  const host = new URL(settings.APP_URL).hostname;
  return !(host === "localhost" || host.endsWith(".localhost") || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host));
}

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
    PORT: int(3000, 1),
    /** Public origin of this deployment, used for absolute URLs (storage links, docs). */
    APP_URL: optionalUrl,
    VERCEL: bool,
    VERCEL_URL: optionalString,
    VERCEL_BRANCH_URL: optionalString,
    VERCEL_ENV: optionalString,
    VERCEL_PROJECT_PRODUCTION_URL: optionalString,

    // Database: embedded PostgreSQL unless DATABASE_URL is set.
    DATABASE_URL: optionalUrl,
    /** A direct (not pooled) connection for migrations, whose advisory lock needs one session; Neon's Vercel integration sets it. */
    DATABASE_URL_UNPOOLED: optionalUrl,
    /** Named prepared statements (one round trip per query); turn off for a pooler without support. */
    DATABASE_PREPARE: z
      .enum(["true", "false", "1", "0"])
      .default("true")
      .transform((v) => v === "true" || v === "1"),
    DATA_DIR: z.string().default(".data"),
    EMBEDDED_PG_PORT: int(54329, 1),

    // v1 service behaviour (decisions D1, D10, D11).
    V1_PREVIEW_FEATURES: commaList.pipe(
      z.array(z.enum([...PREVIEW_FEATURES, "all"], { error: "expected a comma list of multiview, property_description or all" })),
    ),
    V1_FETCH_ALLOWLIST: commaList.pipe(
      z.array(z.string().regex(/^[^\s:]+:\d{1,5}$|^\[[0-9a-fA-F:.]+\]:\d{1,5}$/, "entries must be host:port")),
    ),
    V1_JSON_BODY_LIMIT_BYTES: int(1_000_000, 1),
    V1_PROPERTY_BODY_LIMIT_BYTES: int(60_000_000, 1),
    V1_PROPERTY_IMAGE_MAX_BYTES: int(10_000_000, 1),
    V1_SOURCE_MAX_BYTES: int(25_000_000, 1),
    V1_SOURCE_MAX_PIXELS: int(50_000_000, 1),
    V1_FETCH_TIMEOUT_MS: int(15_000, 1),
    V1_FETCH_MAX_REDIRECTS: int(3, 0),
    V1_RATE_LIMIT_FREE: int(120, 1),
    V1_RATE_LIMIT_PREMIUM: int(600, 1),
    V1_RATE_LIMIT_BUSINESS: int(2000, 1),
    /** Wrong API keys per client address per 10 minutes before the address is refused for 10 minutes. */
    V1_INVALID_KEY_IP_LIMIT: int(50, 1),
    V1_PROVIDER_TIMEOUT_MS: int(300_000, 1),
    V1_IDEMPOTENCY_TTL_HOURS: int(24, 1),
    V1_WEBHOOKS_ENABLED: bool,
    /** Webhook endpoints on this machine's loopback addresses (localhost, 127.0.0.0/8, ::1), http included: `npm run dev` sets it; refused in production. */
    V1_WEBHOOK_LOOPBACK: bool,
    V1_WEBHOOK_TIMEOUT_MS: int(15_000, 1),
    /** Seconds between scheduled delivery attempts (D16: the Standard Webhooks example, about 3 days); suites shorten it. */
    V1_WEBHOOK_RETRY_SECONDS: z
      .string()
      .default("5,300,1800,7200,18000,36000,50400,72000,86400")
      .transform((v) => v.split(",").map((part) => Number(part.trim())))
      .pipe(z.array(z.number().int().positive(), { error: "expected a comma list of whole seconds" }).min(1).max(20)),
    /** The request log (D16); `off` exists for the bench's baseline, never for a deployment. */
    V1_REQUEST_LOG: z.enum(["on", "off"]).default("on"),
    V1_OUTPUT_URL_TTL_SECONDS: int(7 * 24 * 3600, 60),

    // Secrets. In the embedded default they are generated once under DATA_DIR.
    AUTH_SECRET: optionalString,
    STORAGE_SIGNING_SECRET: optionalString,
    STUDIO_ENCRYPTION_KEY: optionalString,

    // Blob storage: a local folder unless S3_BUCKET is set.
    S3_BUCKET: optionalString,
    S3_REGION: z.string().default("us-east-1"),
    S3_ENDPOINT: optionalUrl,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: bool,

    // Durable functions: the local executor unless an Inngest server is configured.
    INNGEST_EVENT_KEY: optionalString,
    INNGEST_SIGNING_KEY: optionalString,
    INNGEST_BASE_URL: optionalUrl,
    INNGEST_DEV: optionalString,
    /** Inngest branch environment; the SDK falls back to VERCEL_GIT_COMMIT_REF on Vercel previews. */
    INNGEST_ENV: optionalString,
    LOCAL_EXECUTOR_CONCURRENCY: int(4, 1),
    /** How long a claimed executor job may run before another worker takes it over (a crashed process's work resumes after it). */
    LOCAL_EXECUTOR_LEASE_SECONDS: int(600, 5),
    /** Provider-bound steps of one account running at once, over all its durable work (fairness between brokerages). */
    ACCOUNT_CONCURRENCY: int(2, 1),
    /** In-request image jobs (inpaint, upscale, description) at once per instance; 0 = from cores and V1_SYNC_POOL_MEMORY_MB. */
    V1_SYNC_POOL_SIZE: int(0, 0),
    /** Memory for in-request image work, in MB; 0 = half of the machine's. */
    V1_SYNC_POOL_MEMORY_MB: int(0, 0),
    /** How long a request waits for the pool before 503 server_busy. */
    V1_SYNC_QUEUE_TIMEOUT_MS: int(10_000, 0),
    /** Steps calling each provider at once, over all accounts and instances. */
    PROVIDER_CONCURRENCY_REDESIGN: int(4, 1),
    PROVIDER_CONCURRENCY_VIDEO: int(2, 1),

    // Providers, chosen per operation. Unset, each follows the keys present (see the
    // transform below): REPLICATE_API_TOKEN alone switches every image operation to Replicate.
    PROVIDER_REDESIGN: providerChoice.optional(),
    PROVIDER_INPAINT: providerChoice.optional(),
    PROVIDER_UPSCALE: providerChoice.optional(),
    PROVIDER_VIDEO: providerChoice.optional(),
    PROVIDER_DESCRIBE: providerChoice.optional(),
    REPLICATE_API_TOKEN: optionalString,
    REPLICATE_BASE_URL: z.url().default("https://api.replicate.com/v1"),
    /** Instruction editing that keeps the room: staging, redecorate, render, declutter, colour change. */
    REPLICATE_MODEL_REDESIGN: replicateModel("black-forest-labs/flux-kontext-pro"),
    /** Several reference images: a multi-view sibling is sent its own photo and the anchor's staged output. */
    REPLICATE_MODEL_MULTIVIEW: replicateModel("google/nano-banana"),
    REPLICATE_MODEL_INPAINT: replicateModel("black-forest-labs/flux-fill-pro"),
    REPLICATE_MODEL_UPSCALE: replicateModel("topazlabs/image-upscale"),
    REPLICATE_MODEL_VIDEO: replicateModel("kwaivgi/kling-v2.1"),
    OPENAI_BASE_URL: z.url().default("https://api.openai.com/v1"),
    OPENAI_API_KEY: optionalString,
    OPENAI_MODEL: z.string().default("gpt-4o-mini"),
    KLING_BASE_URL: optionalUrl,
    KLING_API_KEY: optionalString,
    KLING_MODEL: z.string().default("kling-v2-1"),
    /** Pro-mode video often takes minutes: the video step waits this long for the provider. */
    V1_VIDEO_PROVIDER_TIMEOUT_MS: int(1_200_000, 1),

    /**
     * Tests only (reliability suite), never set in a deployment: "failRate,timeoutRate,garbageRate,seed[,hangMs]"
     * wraps every provider in server/providers/fault-injecting.ts.
     */
    ATRIUM_TEST_FAULTS: z
      .string()
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(
        z
          .string()
          .regex(/^(0|1|0?\.\d+),(0|1|0?\.\d+),(0|1|0?\.\d+),\d+(,\d+)?$/, "expected failRate,timeoutRate,garbageRate,seed[,hangMs]")
          .optional(),
      ),

    // Studio.
    V1_BASE_URL: optionalUrl,
    /**
     * Refused: a workspace used to choose among these v1 addresses. Which v1 deployment the
     * studio calls is the operator's one setting, V1_BASE_URL.
     */
    STUDIO_V1_BASE_URLS: z
      .string()
      .optional()
      .refine((v) => !v, "is no longer supported: every workspace uses V1_BASE_URL (unset it; see docs/deploy.md)"),
    /**
     * Refused: one key shared by every workspace makes each tenant's jobs and credits every
     * other tenant's (and one leaked key all of them). Each workspace has its own account.
     */
    V1_API_KEY: z
      .string()
      .optional()
      .refine((v) => !v, "is no longer supported: each workspace needs its own v1 account and key (unset it; see docs/deploy.md)"),
    STUDIO_STARTER_CREDITS: int(500, 0),
    /** The plan a new workspace starts on (shared/plans.ts); `npm run dev` sets business so a local trial can use every workflow. */
    STUDIO_SIGNUP_PLAN: z.enum(PLANS, { error: `expected ${PLAN_LIST_WORDS}` }).default(FREE_PLAN),
    /** Photos of one listing batch handed to the service at once; the rest wait, so pause and cancel still reach them. */
    STUDIO_BATCH_IN_FLIGHT: int(8, 1),
    /** Sign-in attempts per account (by email) per 15 minutes before a 15-minute lockout. */
    SIGN_IN_ACCOUNT_LIMIT: int(10, 1),
    /** Sign-in attempts per client address per 15 minutes. */
    SIGN_IN_IP_LIMIT: int(100, 1),
    /** Sign-ups per client address per hour. */
    SIGN_UP_IP_LIMIT: int(10, 1),
    /** Password-reset and confirmation-resend requests per address per hour (server/auth/mail-request-limits.ts). */
    EMAIL_REQUEST_LIMIT: int(5, 1),
    /** The same requests per client address per hour. */
    EMAIL_REQUEST_IP_LIMIT: int(20, 1),
    /** Mail someone else can cause (confirmations, sign-up notes, resets, invitations) per recipient per hour. */
    EMAIL_RECIPIENT_LIMIT: int(5, 1),
    /**
     * Proxies in front of the app that append the address they saw to X-Forwarded-For
     * (Vercel, nginx's $proxy_add_x_forwarded_for, Caddy, a load balancer). The client's
     * address for per-address limits is the entry this many from the end; entries before it
     * are the client's own claims (server/auth/client-ip.ts). 0 (the default, but 1 on
     * Vercel): no proxy, the connection's own address counts and the header is ignored.
     */
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).optional(),
    NEXTAUTH_URL: optionalUrl,
    /** Take the site's origin from X-Forwarded-Host (only behind a proxy that sets it); otherwise it comes from settings. */
    AUTH_TRUST_HOST: bool,
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GITHUB_CLIENT_ID: optionalString,
    GITHUB_CLIENT_SECRET: optionalString,

    // Payments (D15): Stripe when STRIPE_SECRET_KEY is set; otherwise no payments, and the
    // operator sets plans and credits with `npm run admin` (docs/billing.md).
    STRIPE_SECRET_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^(sk|rk)_(test|live)_\w+$/, "expected a Stripe secret key (sk_test_…, sk_live_… or rk_…)")
        .optional(),
    ),
    /** The signing secret of the webhook endpoint /api/stripe/webhook; required with STRIPE_SECRET_KEY. */
    STRIPE_WEBHOOK_SECRET: optionalString.pipe(
      z
        .string()
        .regex(/^whsec_\w+$/, "expected the endpoint's signing secret (whsec_…)")
        .optional(),
    ),
    STRIPE_PUBLISHABLE_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^pk_(test|live)_\w+$/, "expected a publishable key (pk_test_… or pk_live_…)")
        .optional(),
    ),
    /** Tests only: http(s)://host:port of a Stripe contract double the library is pointed at (its host, port and protocol options). */
    STRIPE_API_BASE: optionalString.pipe(
      z
        .string()
        .regex(/^https?:\/\/[^/:\s]+(:\d{1,5})?\/?$/, "expected http(s)://host:port with no path")
        .optional(),
    ),

    // Email: an SMTP server when SMTP_URL or SMTP_HOST is set, otherwise the embedded
    // listener that keeps messages in the outbox (server/email, /dev/outbox).
    /** e.g. smtps://user:pass@smtp.example.com:465 ; or the SMTP_HOST family below. */
    SMTP_URL: optionalUrl.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, "expected an smtp:// or smtps:// URL")
        .optional(),
    ),
    SMTP_HOST: optionalString,
    SMTP_PORT: int(587, 1),
    /** true for implicit TLS (port 465); otherwise STARTTLS is used when the server offers it. */
    SMTP_SECURE: bool,
    SMTP_USER: optionalString,
    SMTP_PASSWORD: optionalString,
    EMAIL_FROM: z.string().default("Atrium <no-reply@atrium.localhost>"),
    /** Show /dev/outbox in a production build too (browser tests on this machine); refused on a public deployment. */
    DEV_OUTBOX: bool,
  })
  .superRefine((settings, issues) => {
    if (settings.SMTP_URL && settings.SMTP_HOST) {
      issues.addIssue({ code: "custom", path: ["SMTP_HOST"], message: "set either SMTP_URL or SMTP_HOST, not both" });
    }
    if (settings.STRIPE_SECRET_KEY && !settings.STRIPE_WEBHOOK_SECRET) {
      issues.addIssue({
        code: "custom",
        path: ["STRIPE_WEBHOOK_SECRET"],
        message:
          "is required with STRIPE_SECRET_KEY: without it no Stripe event can be verified, so nothing paid would ever be granted (the endpoint's whsec_… signing secret)",
      });
    }
    if (settings.STRIPE_API_BASE && /^(sk|rk)_live_/.test(settings.STRIPE_SECRET_KEY ?? "")) {
      issues.addIssue({
        code: "custom",
        path: ["STRIPE_API_BASE"],
        message: "points the library away from Stripe: a live key is never sent to a test double (unset it)",
      });
    }
    if (!settings.STRIPE_SECRET_KEY && (settings.STRIPE_WEBHOOK_SECRET || settings.STRIPE_API_BASE)) {
      issues.addIssue({
        code: "custom",
        path: ["STRIPE_SECRET_KEY"],
        message: "is required with STRIPE_WEBHOOK_SECRET and STRIPE_API_BASE",
      });
    }
    if (Boolean(settings.SMTP_USER) !== Boolean(settings.SMTP_PASSWORD)) {
      issues.addIssue({ code: "custom", path: ["SMTP_PASSWORD"], message: "SMTP_USER and SMTP_PASSWORD go together" });
    }
    // A deployment's loopback is its own services: nobody's webhook receiver.
    if (settings.V1_WEBHOOK_LOOPBACK && (settings.NODE_ENV === "production" || isPublicDeployment(settings))) {
      issues.addIssue({
        code: "custom",
        path: ["V1_WEBHOOK_LOOPBACK"],
        message:
          "lets webhooks reach receivers on this machine, for `npm run dev` only: it is refused in a production build, on Vercel and with an APP_URL other than localhost",
      });
    }
    // The outbox shows every mail, reset links included, to whoever opens it.
    if (settings.DEV_OUTBOX && isPublicDeployment(settings)) {
      issues.addIssue({
        code: "custom",
        path: ["DEV_OUTBOX"],
        message: "is for tests on this machine only and is refused on Vercel or with an APP_URL other than localhost",
      });
    }
  })
  .transform((settings) => {
    // The mode follows the settings present: a key for a hosted provider is the wish to use it.
    const image = settings.REPLICATE_API_TOKEN ? "replicate" : "local";
    const video = settings.KLING_API_KEY && settings.KLING_BASE_URL ? "kling" : image;
    return {
      ...settings,
      // Vercel's edge sets X-Forwarded-For to the client's address; elsewhere nothing is known to stand in front.
      TRUSTED_PROXY_HOPS: settings.TRUSTED_PROXY_HOPS ?? (settings.VERCEL ? 1 : 0),
      PROVIDER_REDESIGN: settings.PROVIDER_REDESIGN ?? image,
      PROVIDER_INPAINT: settings.PROVIDER_INPAINT ?? image,
      PROVIDER_UPSCALE: settings.PROVIDER_UPSCALE ?? image,
      PROVIDER_VIDEO: settings.PROVIDER_VIDEO ?? video,
      PROVIDER_DESCRIBE: settings.PROVIDER_DESCRIBE ?? (settings.OPENAI_API_KEY ? "openai" : "local"),
    };
  });

export type Env = z.infer<typeof EnvSchema>;

export class SettingsError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".") || "(root)"}: ${issue.message}`);
    throw new SettingsError(`Invalid settings:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

export const env: Env = parseEnv(process.env);

export function previewEnabled(feature: PreviewFeature, settings: Env = env): boolean {
  const list = settings.V1_PREVIEW_FEATURES;
  return list.includes("all") || list.includes(feature);
}

/** True when mail goes to a real SMTP server rather than the embedded listener and its outbox. */
export function usesSmtpServer(settings: Env = env): boolean {
  return Boolean(settings.SMTP_URL || settings.SMTP_HOST);
}

/** True when payments go through Stripe (D15); otherwise plans and credits are the operator's (npm run admin). */
export function usesStripe(settings: Env = env): boolean {
  return Boolean(settings.STRIPE_SECRET_KEY);
}

/** True when an Inngest server (Cloud or self-hosted) is configured. */
export function usesInngestServer(settings: Env = env): boolean {
  return Boolean(settings.INNGEST_BASE_URL || settings.INNGEST_EVENT_KEY || settings.INNGEST_DEV);
}
