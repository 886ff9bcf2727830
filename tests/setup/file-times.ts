import type { Reporter, TestModule } from "vitest/node";

/*
 * Prints, after the run, the slowest test files (wall time of each file: import, hooks and tests)
 * and the sum, so CI's last lines say where its time went (issue 43: CI under 25 minutes).
 */
const SHOWN = 30;

export default class FileTimes implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const rows = testModules
      .map((module) => {
        const d = module.diagnostic();
        const ms = d.duration + d.collectDuration + d.setupDuration + d.prepareDuration;
        const file = module.moduleId.replace(`${process.cwd()}/`, "");
        return { name: `${module.project.name ? `${module.project.name} ` : ""}${file}`, ms };
      })
      .sort((a, b) => b.ms - a.ms);
    const total = rows.reduce((sum, row) => sum + row.ms, 0);
    const lines = rows
      .slice(0, SHOWN)
      .map((row) => `${(row.ms / 1000).toFixed(1).padStart(7)} s  ${row.name}`);
    console.log(
      `\nTime per file, slowest ${Math.min(SHOWN, rows.length)} of ${rows.length} ` +
        `(sum ${(total / 1000).toFixed(0)} s):\n${lines.join("\n")}\n`,
    );
  }
}
