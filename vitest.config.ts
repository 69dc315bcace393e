import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));
// "server-only" throws outside React Server Components; tests run server code directly.
const alias = {
  "@": root,
  "server-only": fileURLToPath(new URL("./test/server-only-stub.ts", import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: [
            "lib/**/*.test.ts",
            "components/**/*.test.ts",
            "components/**/*.test.tsx",
            "test/unit/**/*.test.ts",
          ],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          // Issue 30's acceptance (real-service-chain.test.ts) is one of them: it serves the production
          // build that npm test (test/run-all.mjs) makes before this suite, and says so when there is none.
          include: ["test/integration/**/*.test.ts"],
          // Server logs (lib/log/logger.ts) at warn: the suite provokes refusals on purpose, and each
          // would otherwise be an info line; a LOG_LEVEL set outside still wins.
          env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
          // Starts a throwaway PostgreSQL 15 (or uses TEST_DATABASE_URL) for the store tests.
          globalSetup: ["test/integration/global-setup.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time: most of an integration file's time is waiting (held exports, back-off
          // timers, the database), and each file starts its own servers on free ports and its own
          // databases, so two files do not share state.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
