// `npm test`: knip and the unit tests, then the browser tests against a fresh build (npm run
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
  // knip (one core for about 15 s) beside the unit tests, as Chromium's install: each is awaited
  // after them, and a failure then stops the run there.
  const beside = [run("npx", ["knip"]), run(process.execPath, ["scripts/ensure-chromium.mjs"])];
  for (const job of beside) job.catch(() => undefined);
  await run("npm", ["run", "test:unit"]);
  await Promise.all(beside);
  await run("npm", ["run", "test:e2e"]);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
