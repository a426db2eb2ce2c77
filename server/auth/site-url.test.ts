import { describe, expect, it } from "vitest";
import { parseEnv } from "@/env";
import { siteUrl } from "./site-url";

const vercel = { VERCEL: "1", VERCEL_URL: "atrium-abc123-team.vercel.app", VERCEL_PROJECT_PRODUCTION_URL: "app.atrium.example" };

describe("siteUrl", () => {
  it("leaves one machine on the request's own host", () => {
    expect(siteUrl(parseEnv({}))).toBeUndefined();
  });

  it("prefers APP_URL everywhere", () => {
    expect(siteUrl(parseEnv({ ...vercel, APP_URL: "https://studio.example.com" }))).toBe("https://studio.example.com");
  });

  it("uses the branch URL on a Vercel preview, then the deployment URL, always https", () => {
    const preview = { ...vercel, VERCEL_ENV: "preview" };
    expect(siteUrl(parseEnv({ ...preview, VERCEL_BRANCH_URL: "atrium-git-feature-team.vercel.app" }))).toBe(
      "https://atrium-git-feature-team.vercel.app",
    );
    expect(siteUrl(parseEnv(preview))).toBe("https://atrium-abc123-team.vercel.app");
  });

  it("uses the production domain on Vercel production", () => {
    expect(siteUrl(parseEnv({ ...vercel, VERCEL_ENV: "production", VERCEL_BRANCH_URL: "atrium-git-main-team.vercel.app" }))).toBe(
      "https://app.atrium.example",
    );
  });
});
