import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// Browser tests: each file starts the built production server itself (tests/e2e/support/server.ts).
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
  },
});
