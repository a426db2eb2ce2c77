import { describe, expect, it } from "vitest";
import { parseEnv } from "@/env";
import { assertProductionSecrets, missingProductionSecrets, secretsMustBeSet } from "./production-secrets";

const production = { NODE_ENV: "production", DATABASE_URL: "postgres://u:p@db.example.com/atrium" };
const secrets = { AUTH_SECRET: "a".repeat(43), STUDIO_ENCRYPTION_KEY: "b".repeat(43), STORAGE_SIGNING_SECRET: "c".repeat(43) };

describe("production secrets off Vercel", () => {
  it("names every missing secret of a production server on its own database (a VM, a container)", () => {
    expect(missingProductionSecrets(parseEnv(production)).map((line) => line.split(":")[0])).toEqual([
      "AUTH_SECRET",
      "STUDIO_ENCRYPTION_KEY",
      "STORAGE_SIGNING_SECRET",
    ]);
    expect(() => assertProductionSecrets(parseEnv({ ...production, ...secrets, AUTH_SECRET: "" }))).toThrow(
      /cannot start in production without its secrets.*\n {2}AUTH_SECRET: signs sessions/,
    );
    expect(() => assertProductionSecrets(parseEnv({ ...production, ...secrets }))).not.toThrow();
  });

  it("does not ask for the file store's secret when files live in S3", () => {
    const missing = missingProductionSecrets(parseEnv({ ...production, S3_BUCKET: "atrium" }));
    expect(missing.map((line) => line.split(":")[0])).toEqual(["AUTH_SECRET", "STUDIO_ENCRYPTION_KEY"]);
  });

  it("lets development, tests and the embedded default generate them", () => {
    expect(secretsMustBeSet(parseEnv({}))).toBe(false);
    expect(secretsMustBeSet(parseEnv({ NODE_ENV: "test", DATABASE_URL: production.DATABASE_URL }))).toBe(false);
    // `npm start` with nothing set runs the embedded database, whose folder keeps the secrets too.
    expect(secretsMustBeSet(parseEnv({ NODE_ENV: "production" }))).toBe(false);
    expect(missingProductionSecrets(parseEnv({ NODE_ENV: "production" }))).toEqual([]);
  });

  it("leaves Vercel to its own check, which names the secrets with the rest", () => {
    expect(secretsMustBeSet(parseEnv({ VERCEL: "1" }))).toBe(true);
    expect(missingProductionSecrets(parseEnv({ VERCEL: "1", NODE_ENV: "production" }))).toEqual([]);
  });
});
