/**
 * Playwright: browser flows (e2e/app) and API contract specs (e2e/api) against the
 * production build, driven by Debian's Chromium (`npm test` finds or installs it:
 * scripts/ensure-chromium.sh; CHROMIUM_PATH overrides /usr/bin/chromium). Screenshots and traces land in e2e/artifacts.
 *
 * The web server builds first unless .next is current (test/build-freshness.ts) and is
 * always started by the run itself; E2E_PORT picks the port (3100). The Stripe contract
 * double runs beside it (E2E_STRIPE_PORT, else E2E_PORT + 1) and delivers its signed
 * webhooks to the app.
 */
import { defineConfig, devices } from "@playwright/test";
import { E2E_STRIPE } from "./test/e2e-stripe";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "./e2e",
  outputDir: "./e2e/artifacts/test-results",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [["list"], ["html", { outputFolder: "./e2e/artifacts/report", open: "never" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-dev-shm-usage",
      ],
    },
  },
  projects: [
    { name: "app", testDir: "./e2e/app", use: { ...devices["Desktop Chrome"], channel: undefined } },
    { name: "api", testDir: "./e2e/api" },
  ],
  webServer: [
    {
      command: "node --import tsx test/doubles/stripe-main.ts",
      // Unauthenticated, the double answers 401: it is up.
      url: `${E2E_STRIPE.apiBase}/v1/prices`,
      env: {
        STRIPE_DOUBLE_PORT: String(E2E_STRIPE.port),
        STRIPE_SECRET_KEY: E2E_STRIPE.secretKey,
        STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
        STRIPE_DOUBLE_WEBHOOK_URL: `${baseURL}/api/stripe/webhook`,
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      // The server's output also goes to a file, which uploads.spec reads to prove no signed
      // URL is ever logged.
      command: "node --import tsx test/ensure-build.ts && npm start 2>&1 | tee e2e/artifacts/web-server.log",
      url: `${baseURL}/sign-in`,
      // Local store links are absolute: they must point at the port the browser uses.
      env: {
        PORT: String(port),
        APP_URL: baseURL,
        V1_PREVIEW_FEATURES: "all",
        // Browser tests follow links from mail the embedded SMTP listener received.
        DEV_OUTBOX: "true",
        // Every browser spec signs people up from loopback, and the embedded database
        // outlives a run: the per-address sign-up limit (10 an hour) would refuse reruns, and
        // so would the limit on reset and resend requests per client address.
        SIGN_UP_IP_LIMIT: process.env.SIGN_UP_IP_LIMIT ?? "1000",
        EMAIL_REQUEST_IP_LIMIT: process.env.EMAIL_REQUEST_IP_LIMIT ?? "1000",
        // The contract specs try wrong keys on purpose, all from loopback, run after run.
        V1_INVALID_KEY_IP_LIMIT: process.env.V1_INVALID_KEY_IP_LIMIT ?? "1000",
        // The contract specs serve source images from this loopback port (e2e/api).
        V1_FETCH_ALLOWLIST: process.env.V1_FETCH_ALLOWLIST ?? `127.0.0.1:${process.env.E2E_FIXTURE_PORT ?? 3199}`,
        // The app trusts the specs' https servers on loopback (test/fixtures/tls): mcp-oauth.spec serves a client metadata document.
        NODE_EXTRA_CA_CERTS: "test/fixtures/tls/ca.pem",
        // Webhook endpoints in the Developers section (developers.spec.ts delivers to a receiver on the fixture port).
        V1_WEBHOOKS_ENABLED: "true",
        // One photo of a listing batch at a time, so batch-staging.spec can pause with photos not yet started.
        STUDIO_BATCH_IN_FLIGHT: "1",
        // New workspaces can use every workflow, as in `npm run dev`: the flows stage, render
        // videos and multi-view sets on fresh workspaces. billing.spec starts its owner on Free
        // with the operator's override (npm run admin); vitest covers the Free default.
        STUDIO_SIGNUP_PLAN: "business",
        // Payments through the Stripe contract double started above.
        STRIPE_SECRET_KEY: E2E_STRIPE.secretKey,
        STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
        STRIPE_API_BASE: E2E_STRIPE.apiBase,
      },
      // Never a server already running: it may be another checkout's or an older build. A busy
      // port fails the run with Playwright's "already used" message instead.
      reuseExistingServer: false,
      timeout: 900_000,
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
