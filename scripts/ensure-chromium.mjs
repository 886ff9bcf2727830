// Browser tests and benchmarks drive Debian's Chromium; install it when this machine lacks it.
// No Korean system font on purpose: pages bring their own web font and drawings are outlined at
// build time, and tests/e2e/drawings.test.ts checks that on a machine like a visitor's without one.
import { existsSync } from "node:fs";
import { execSync } from "node:child_process";

const CHROMIUM = process.env.CHROME_PATH || "/usr/bin/chromium";
if (!existsSync(CHROMIUM)) {
  console.log(`${CHROMIUM} not found: installing Debian's chromium with apt-get`);
  const sudo = process.getuid?.() === 0 ? "" : "sudo ";
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`,
    {
      stdio: "inherit",
    },
  );
}
