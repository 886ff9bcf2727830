// `npm test`: knip, the unit tests, then the browser tests against a fresh build (npm run
// test:e2e). Debian's Chromium is installed, where missing, while the unit tests run: apt waits on
// the network and the disk, the unit tests on the CPU (issue 43: CI under 25 minutes).
import { spawn } from "node:child_process";

/** Runs a command with this process's output; resolves when it exits 0. */
const run = (command, args) =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")}: ${signal ?? code}`)),
    );
  });

try {
  await run("npx", ["knip"]);
  const chromium = run(process.execPath, ["scripts/ensure-chromium.mjs"]);
  // Awaited after the unit tests; a failure then stops the run there.
  chromium.catch(() => undefined);
  await run("npm", ["run", "test:unit"]);
  await chromium;
  await run("npm", ["run", "test:e2e"]);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
