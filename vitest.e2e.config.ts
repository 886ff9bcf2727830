import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";
import { inlineScripts } from "./scripts/vite-inline-script";

/*
 * Browser tests: each file starts the built production server itself (tests/e2e/support/server.ts)
 * for the complex under test (E2E_SITE, tests/e2e/support/sites.ts). One build serves both runs: it
 * renders every complex. `anyang` (the default sample) runs every file; `suwon` runs the files that
 * check a complex's pages, popup, forms, press and accessibility against its own data (its colours
 * and texts are data). Server mechanics, fonts, the console and drawing exactness are the same code
 * for any complex.
 */
const perComplex = [
  "a11y",
  "bookings",
  "first-paint",
  "home",
  "info-pages",
  "layout",
  "leads",
  "page-details",
  "press",
  "routes",
].map((name) => `tests/e2e/${name}.test.ts`);

export default defineConfig({
  plugins: [inlineScripts(), tsconfigPaths()],
  test: {
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One file at a time. Two at a time were measured twice (issue 43): the 2-core machine is then
    // saturated and each file takes about twice as long (leads 80 → 136 s, press 75 → 150 s on
    // 2026-12-04), so nothing is gained and timing-sensitive checks fail.
    fileParallelism: false,
    // One process runs a complex's files in turn, its modules (the content, the app's code) loaded
    // once: about 0.4 s a file. A file that changes process.env puts it back (preview.test.ts).
    isolate: false,
    reporters: ["default", "./tests/setup/file-times.ts"],
    globalSetup: ["tests/setup/output-folder.ts"],
    setupFiles: ["tests/setup/fail-on-console-error.ts", "tests/setup/e2e-servers.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "anyang",
          include: ["tests/e2e/**/*.test.ts"],
          env: { E2E_SITE: "anyang" },
          // Projects run side by side unless in groups: one file at a time across both.
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "suwon",
          include: perComplex,
          env: { E2E_SITE: "suwon" },
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
