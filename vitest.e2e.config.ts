import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";
import { inlineScripts } from "./scripts/vite-inline-script";

/*
 * Browser tests: each file starts the built production server itself (tests/e2e/support/server.ts)
 * for the complex under test (E2E_SITE, tests/e2e/support/sites.ts). One build serves both runs: it
 * renders every complex. `anyang` (the default sample) runs every file; `suwon` runs the files that
 * check a complex's pages, popup, forms and press against its own data. Server mechanics, fonts,
 * accessibility of every page and drawing exactness are the same code for any complex.
 */
const perComplex = [
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

/*
 * Files that measure the server (its memory, an answer's time, a change reaching every page within
 * 5 s, a wheel step's 500 ms) run alone, after the rest; the others run two at a time (each starts
 * its own server on a free port with its own data: tests/e2e/support/server.ts).
 */
const alone = [
  "console",
  "first-paint",
  "first-seconds",
  "home",
  "live-operations",
  "new-complex",
  "notice-jobs",
  "page-memory",
  "upload-costs",
  "upload-memory",
  "upload-refusals",
].map((name) => `tests/e2e/${name}.test.ts`);

/**
 * One complex's files as two projects: `<site>` two files at a time, then `<site>:alone` one at a
 * time (`--project 'anyang*'` names both).
 */
function complexProjects(site: string, files: string[]) {
  const project = (
    name: string,
    include: string[],
    exclude: string[],
    group: number,
    workers: number,
  ) => ({
    extends: true as const,
    test: {
      name,
      include,
      exclude,
      env: { E2E_SITE: site },
      maxWorkers: workers,
      // Projects of the same group run side by side, groups one after another.
      sequence: { groupOrder: group },
    },
  });
  return [
    project(site, files, alone, 0, 2),
    project(
      `${site}:alone`,
      files.includes(ALL) ? alone : files.filter((f) => alone.includes(f)),
      [],
      1,
      1,
    ),
  ];
}

const ALL = "tests/e2e/**/*.test.ts";

export default defineConfig({
  plugins: [inlineScripts(), tsconfigPaths()],
  test: {
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ["default", "./tests/setup/file-times.ts"],
    globalSetup: ["tests/setup/output-folder.ts"],
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    projects: [...complexProjects("anyang", [ALL]), ...complexProjects("suwon", perComplex)],
  },
});
