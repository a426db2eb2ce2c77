import { describe, expect, it } from "vitest";
import { parseEnv } from "@/env";
import { assertVercelSettings, missingVercelSettings } from "./vercel-settings";

const complete = {
  VERCEL: "1",
  DATABASE_URL: "postgres://u:p@db.example.com/atrium",
  S3_BUCKET: "atrium",
  INNGEST_EVENT_KEY: "evt",
  INNGEST_SIGNING_KEY: "signkey-prod-abc",
  AUTH_SECRET: "a".repeat(32),
  STUDIO_ENCRYPTION_KEY: "b".repeat(32),
};

describe("missingVercelSettings", () => {
  it("asks nothing of a deployment off Vercel", () => {
    expect(missingVercelSettings(parseEnv({}))).toEqual([]);
  });

  it("names every missing setting on Vercel, with the reason", () => {
    const missing = missingVercelSettings(parseEnv({ VERCEL: "1" }));
    expect(missing.map((line) => line.split(":")[0])).toEqual([
      "DATABASE_URL",
      "S3_BUCKET",
      "INNGEST_EVENT_KEY",
      "INNGEST_SIGNING_KEY",
      "AUTH_SECRET",
      "STUDIO_ENCRYPTION_KEY",
    ]);
    expect(missing[0]).toMatch(/embedded database/);
  });

  it("passes a complete Vercel deployment and names a single gap", () => {
    expect(() => assertVercelSettings(parseEnv(complete))).not.toThrow();
    expect(() => assertVercelSettings(parseEnv({ ...complete, INNGEST_SIGNING_KEY: "" }))).toThrow(
      /cannot start on Vercel; set these settings:\n {2}INNGEST_SIGNING_KEY: the local executor/,
    );
  });
});
