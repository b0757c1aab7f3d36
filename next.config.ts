import type { NextConfig } from "next";
import { LOCKED_POLICY } from "./lib/security/csp";

const dev = process.env.NODE_ENV !== "production";

// Pages get their Content-Security-Policy, with a nonce per request, from proxy.ts.
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  // Production runs on https only (lib/env.ts refuses http://): browsers remember that for two
  // years, so no later visit starts over plain http. Browsers ignore it over http (localhost).
  ...(dev ? [] : [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }]),
];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // The callback's address carries the authorization code: keep it out of the request log.
  logging: { incomingRequests: { ignore: [/\/api\/auth\/callback\//] } },
  serverExternalPackages: ["@electric-sql/pglite", "@prisma/adapter-pg"],
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // What proxy.ts does not see: route handlers, and requests with a body. (Not the static
      // files: the CSV reader's worker takes its policy from its own script's answer.)
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: LOCKED_POLICY }] },
      ...["content-length", "transfer-encoding"].map((header) => ({
        source: "/:path*",
        has: [{ type: "header" as const, key: header }],
        headers: [{ key: "Content-Security-Policy", value: LOCKED_POLICY }],
      })),
      // The OAuth callback's address carries the authorization code.
      { source: "/api/auth/callback/:path*", headers: [{ key: "Referrer-Policy", value: "no-referrer" }] },
    ];
  },
};

export default nextConfig;
