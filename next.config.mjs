/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build directory lets several checkouts or test runs build side by side.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  // PGlite ships WASM and pg has optional native bindings: load them from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "@duckdb/node-api"],
};

export default nextConfig;
