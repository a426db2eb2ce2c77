/**
 * Without the development setting, an address on this machine or a private network is
 * refused as a webhook endpoint, and each refusal names the settings that would allow it;
 * the setting itself is refused outside development.
 */
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/env";
import { AppError } from "@/server/errors";
import { checkEndpointUrl } from "./check-endpoint-url";

async function refusal(url: string): Promise<AppError> {
  const error = await checkEndpointUrl(url).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error, url).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("a webhook endpoint's address", () => {
  it("is refused on loopback or a private network, naming V1_WEBHOOK_LOOPBACK and V1_FETCH_ALLOWLIST", async () => {
    for (const url of [
      "http://127.0.0.1:4000/hook",
      "https://127.0.0.1:4000/hook",
      "https://localhost/hook",
      "https://10.0.0.7/hook",
      "http://example.com/hook",
    ]) {
      const error = await refusal(url);
      expect(error.code).toBe("invalid_request");
      expect(error.message, url).toContain("V1_WEBHOOK_LOOPBACK=true");
      expect(error.message, url).toContain("V1_FETCH_ALLOWLIST");
    }
  });

  it("keeps V1_WEBHOOK_LOOPBACK to development: a production build refuses to start with it", () => {
    expect(() => parseEnv({ NODE_ENV: "production", V1_WEBHOOK_LOOPBACK: "true" })).toThrow(/V1_WEBHOOK_LOOPBACK/);
    expect(() => parseEnv({ NODE_ENV: "development", APP_URL: "https://atrium.example", V1_WEBHOOK_LOOPBACK: "true" })).toThrow(
      /V1_WEBHOOK_LOOPBACK/,
    );
    expect(parseEnv({ NODE_ENV: "development", V1_WEBHOOK_LOOPBACK: "true" }).V1_WEBHOOK_LOOPBACK).toBe(true);
  });
});
