/** The payment settings (D15) are validated once with the others: a half-configured Stripe stops start-up, naming the setting. */
import { describe, expect, it } from "vitest";
import { parseEnv, usesStripe } from "@/env";

describe("payment settings", () => {
  it("takes no payments without a secret key, and starts new workspaces on Free", () => {
    const settings = parseEnv({});
    expect(usesStripe(settings)).toBe(false);
    expect(settings.STUDIO_SIGNUP_PLAN).toBe("free");
  });

  it("refuses a secret key without the webhook secret, naming it", () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk_test_abc123" })).toThrow(/STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY/);
    expect(() => parseEnv({ STRIPE_WEBHOOK_SECRET: "whsec_abc" })).toThrow(/STRIPE_SECRET_KEY: is required/);
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "pk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" })).toThrow(
      /STRIPE_SECRET_KEY: expected a Stripe secret key/,
    );
    expect(() =>
      parseEnv({ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc", STRIPE_API_BASE: "http://127.0.0.1:4000/v1" }),
    ).toThrow(/STRIPE_API_BASE/);
    expect(() =>
      parseEnv({ STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc", STRIPE_API_BASE: "http://127.0.0.1:4000" }),
    ).toThrow(/STRIPE_API_BASE: points the library away from Stripe/);
    expect(() => parseEnv({ STUDIO_SIGNUP_PLAN: "gold" })).toThrow(/STUDIO_SIGNUP_PLAN: expected free, premium or business/);
    expect(usesStripe(parseEnv({ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" }))).toBe(true);
  });
});
