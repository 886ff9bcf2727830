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

/**
 * The files that time what a visitor sees in the first second (a layout before the stylesheets, a
 * menu within 0.5 s, a beacon as the page goes, a font swap's layout shift): they run alone, after
 * the others, each complex's in turn. Two at a time, each failed once under CI's load (decision 057).
 */
const alone = ["first-paint", "first-seconds", "fonts"].map((name) => `tests/e2e/${name}.test.ts`);

/** A complex's project: its files two at a time, or (`one`) one at a time; groups run in turn. */
const complex = (site: "anyang" | "suwon", files: string[], groupOrder: number, one = false) => ({
  extends: true as const,
  test: {
    name: one ? `${site} alone` : site,
    include: files,
    exclude: one ? [] : alone,
    env: { E2E_SITE: site },
    sequence: { groupOrder },
    ...(one ? { fileParallelism: false, maxWorkers: 1 } : {}),
  },
});

export default defineConfig({
  plugins: [inlineScripts(), tsconfigPaths()],
  test: {
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files at a time, one per core. A browser file mostly waits (timers, animations, a
    // script held back, polls): home and leads took 134 s one after the other on 2026-12-05 for
    // 60 s of CPU, every process counted. Two at a time, home, leads, press and layout took 155 s
    // against 215 s one at a time (each file a third longer, the four a quarter shorter). On the
    // slower machine of 2026-12-04 two at a time gained nothing; CI runs on the session's machine
    // (decision 057).
    fileParallelism: true,
    maxWorkers: 2,
    // One process runs a complex's files in turn, its modules (the content, the app's code) loaded
    // once: about 0.4 s a file. A file that changes process.env puts it back (preview.test.ts).
    isolate: false,
    reporters: ["default", "./tests/setup/file-times.ts"],
    globalSetup: ["tests/setup/output-folder.ts"],
    setupFiles: ["tests/setup/fail-on-console-error.ts", "tests/setup/e2e-servers.ts"],
    projects: [
      complex("anyang", ["tests/e2e/**/*.test.ts"], 0),
      complex("suwon", perComplex, 1),
      complex("anyang", alone, 2, true),
      complex(
        "suwon",
        alone.filter((f) => perComplex.includes(f)),
        3,
        true,
      ),
    ],
  },
});
