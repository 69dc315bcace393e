/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build directory lets several checkouts or test runs build side by side.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  // PGlite ships WASM and pg has optional native bindings: load them from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "@duckdb/node-api"],
  // `npm test` type-checks the whole repository (`npm run typecheck`) before its e2e build, and
  // says so with this variable: the build then skips its own second pass of the same check (about
  // 25 s). Every other build, `npm start` and `npm run build` included, still type-checks.
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_TYPECHECKED === "1" },
};

export default nextConfig;
