/**
 * The browser tests' Stripe: the contract double (test/doubles/stripe-main.ts) on its own
 * port, and the settings the app under test is given to use it. Shared by
 * playwright.config.ts (which starts both) and the specs that drive the double's API.
 */
const appPort = Number(process.env.E2E_PORT ?? 3100);

export const E2E_STRIPE = {
  port: Number(process.env.E2E_STRIPE_PORT ?? appPort + 1),
  secretKey: "sk_test_atrium_browser_tests_0000",
  webhookSecret: "whsec_atrium_browser_tests_0000",
  get apiBase() {
    return `http://127.0.0.1:${this.port}`;
  },
};
