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
          include: ["lib/**/*.test.ts", "components/**/*.test.ts", "components/**/*.test.tsx", "test/unit/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts"],
          // Starts a throwaway PostgreSQL 15 (or uses TEST_DATABASE_URL) for the store tests.
          globalSetup: ["test/integration/global-setup.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Integration suites start servers and databases; two cores take them one file at a time.
          fileParallelism: false,
        },
      },
    ],
  },
});
