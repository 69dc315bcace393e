import path from "node:path";

import { addCompileHints } from "./lib/build/compile-hints.mjs";

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
  compiler: {
    // V8's compile hint on the chunks every page loads at start (lib/build/compile-hints.mjs): they
    // are then compiled off the main thread while they download (issue 16's blocking time).
    runAfterProductionCompile: async ({ projectDir, distDir }) => {
      const { marked, alreadyMarked } = addCompileHints(path.resolve(projectDir, distDir));
      if (marked.length + alreadyMarked === 0)
        throw new Error("compile hints: no start-up chunk found in the build manifests");
      console.log(`  compile hints on ${marked.length} start-up chunks`);
    },
  },
};

export default nextConfig;
