import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";
import { enhanceEntry } from "./scripts/vite-enhance-entry";
import { inlineScripts } from "./scripts/vite-inline-script";

// Unit and integration tests beside the code (app/**, server/**, scripts/**). Browser tests: vitest.e2e.config.ts.
export default defineConfig({
  plugins: [inlineScripts(), tsconfigPaths(), enhanceEntry()],
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.{ts,js}", "scripts/**/*.test.ts"],
    environment: "node",
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    testTimeout: 20_000,
    // Every core: Vitest's default leaves one free, which on the 2-core CI machine is one file at a
    // time (each file has its own databases and ports). 343 s against about 620 s one at a time.
    maxWorkers: availableParallelism(),
    reporters: ["default", "./tests/setup/file-times.ts"],
  },
});
