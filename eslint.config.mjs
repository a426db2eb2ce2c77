/**
 * ESLint (flat config), run by `npm run lint` and by `npm test`: typescript-eslint's
 * recommended rules, Next's rules, drizzle's guard against a delete or update without
 * `.where`, the import boundaries of README "Layout" and the `server-only` marker on
 * server modules (./eslint/boundaries.mjs), and no `instanceof` of a package's class in
 * server code (./eslint/package-instanceof.mjs).
 */
import nextPlugin from "@next/eslint-plugin-next";
import drizzle from "eslint-plugin-drizzle";
import tseslint from "typescript-eslint";
import { boundaries } from "./eslint/boundaries.mjs";
import { noPackageInstanceof } from "./eslint/package-instanceof.mjs";

const atrium = { rules: { ...boundaries.rules, "no-package-instanceof": noPackageInstanceof } };

export default tseslint.config(
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      ".data/**",
      "packages/sdk/dist/**",
      "e2e/artifacts/**",
      "db/migrations/**",
      "next-env.d.ts",
      "**/*.js",
      "**/*.cjs",
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,mjs}"],
    plugins: { "@next/next": nextPlugin, drizzle, atrium },
    rules: {
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs["core-web-vitals"].rules,
      // The database handles are `db`, `tx` and `ctx.db`; Map#delete and BlobStore#delete are not queries.
      "drizzle/enforce-delete-with-where": ["error", { drizzleObjectName: ["db", "tx"] }],
      "drizzle/enforce-update-with-where": ["error", { drizzleObjectName: ["db", "tx"] }],
      "atrium/import-boundaries": "error",
      "atrium/server-only": "error",
      "atrium/no-package-instanceof": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
  },
  {
    // The studio reaches the v1 service only through ctx.v1 (server/studio/v1-gateway.ts), so
    // tests can inject a gateway and every failure is mapped in one place; the MCP server
    // makes one per request with its caller's own key; suites and tests outside the app
    // (e2e/, reliability/, bench/) use the SDK as any outside caller would.
    files: ["app/**", "components/**", "server/**", "inngest/**", "db/**", "shared/**", "cli/**"],
    ignores: ["server/studio/v1-gateway.ts", "server/mcp/serve-mcp.ts", "**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@atrium/sdk",
              importNames: ["createAtriumClient"],
              allowTypeImports: true,
              message: "Studio verbs reach the v1 service through ctx.v1 (server/studio/v1-gateway.ts), the one place a client is made.",
            },
          ],
        },
      ],
    },
  },
  {
    // The heavy packages are loaded on first use through one module each, so a function
    // deployed without them (next.config.mjs, HEAVY_PARTS) can still load every module.
    files: ["app/**", "components/**", "server/**", "inngest/**", "db/**", "shared/**", "cli/**", "*.ts"],
    ignores: ["**/*.test.ts", "server/images/sharp.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "sharp", message: "Use sharp (and its types) from @/server/images/sharp, which loads libvips on first use." },
            {
              name: "@ffmpeg-installer/ffmpeg",
              message: "Use ffmpegPath() from @/server/media/ffmpeg, which finds the binary on first use.",
            },
            {
              name: "@techstark/opencv-js",
              message: "Use loadOpenCv() from @/server/providers/local/opencv, which loads OpenCV on first use.",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests and suites read arbitrary JSON answers.
    files: ["**/*.test.ts", "e2e/**", "bench/**", "reliability/**", "test/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
