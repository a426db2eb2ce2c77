import path from "node:path";
import { defineConfig } from "vitest/config";

// Read by Node when each test worker starts: the app trusts the tests' loopback https servers (test/fixtures/tls).
process.env.NODE_EXTRA_CA_CERTS = path.resolve(import.meta.dirname, "test/fixtures/tls/ca.pem");

export default defineConfig({
  resolve: {
    alias: [
      // The SDK package from its sources, as tsconfig.json's paths give it to tsc and Next.
      { find: /^@atrium\/sdk\/mcp$/, replacement: path.resolve(import.meta.dirname, "packages/sdk/src/mcp/index.ts") },
      { find: /^@atrium\/sdk$/, replacement: path.resolve(import.meta.dirname, "packages/sdk/src/index.ts") },
      { find: "@", replacement: path.resolve(import.meta.dirname) },
      // Server modules import "server-only", which throws outside React's server condition;
      // tests are server code (tsx scripts get the same alias from tsconfig.json's paths).
      { find: "server-only", replacement: path.resolve(import.meta.dirname, "node_modules/server-only/empty.js") },
    ],
  },
  test: {
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", ".next/**", ".data/**", "e2e/**"],
    globalSetup: ["./test/global-setup.ts"],
    setupFiles: ["./test/setup-env.ts"],
    pool: "forks",
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
