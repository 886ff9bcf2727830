/**
 * `npm run bench` after the build: every bench, one after another, each run even when one before
 * it missed a budget (a bench's exit code 1), so one miss does not hide the other figures. Prints
 * each bench's outcome at the end; the exit code is 1 when any bench missed or failed.
 *
 *   node scripts/bench-all.mjs
 */
import { spawnSync } from "node:child_process";

// bench-tags, bench-floor, bench-inp and bench-console-inp start Chrome and bench.mjs does too: never two at once.
export const BENCHES = [
  "bench-scripts.mjs",
  "bench-server.mjs",
  "bench-scale.mjs",
  "bench-live.mjs",
  "bench-publish.mjs",
  "bench-many.mjs",
  "bench-upload.mjs",
  "bench-notice.mjs",
  "bench-crm.mjs",
  "bench-ad-costs.mjs",
  "bench-lead-file.mjs",
  "bench-portfolio.mjs",
  "bench-tags.mjs",
  "bench-floor.mjs",
  "bench-inp.mjs",
  "bench-console-inp.mjs",
  "bench.mjs",
];

function main() {
  const outcomes = BENCHES.map((bench) => {
    const started = Date.now();
    const { status, signal } = spawnSync(process.execPath, [`scripts/${bench}`], {
      stdio: "inherit",
    });
    if (signal === "SIGINT") process.exit(130);
    return { bench, status, seconds: Math.round((Date.now() - started) / 1000) };
  });
  process.stderr.write("\nnpm run bench:\n");
  for (const { bench, status, seconds } of outcomes)
    process.stderr.write(
      `  ${bench}: ${status === 0 ? "within budget" : status === 1 ? "missed a budget or failed (exit 1)" : `exit ${status}`} (${seconds} s)\n`,
    );
  if (outcomes.some((o) => o.status !== 0)) process.exitCode = 1;
}

// Only when run, not when imported.
if (import.meta.url === `file://${process.argv[1]}`) main();
