/**
 * The tools only the benchmarks use (Lighthouse and chrome-launcher, autocannon, web-vitals): their
 * own install in bench/ (bench/package.json, its lockfile), not the site's. Together they were 199
 * of the 945 packages and 190 MB of the 700 MB a fresh `npm install` fetched and unpacked for every
 * build and test run (issue 43: a fresh machine in a third of the time). `npm run bench` installs
 * them first (npm run bench:tools); a bench run alone without them stops with that command.
 * Imported when a bench starts to use them, so that the unit tests of the benches' helpers need none.
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const requireInBench = createRequire(new URL("../bench/package.json", import.meta.url));

/** The file `specifier` (a package or a file in one) resolves to in bench/node_modules. */
export function benchToolPath(specifier) {
  try {
    return requireInBench.resolve(specifier);
  } catch {
    throw new Error(
      `${specifier}: the benchmarks' tools are not installed; run npm run bench:tools`,
    );
  }
}

/** The module `specifier` of bench/node_modules (its namespace: `.default` for a default export). */
export const benchTool = (specifier) => import(pathToFileURL(benchToolPath(specifier)).href);

/** Lighthouse's runner, Chrome's launcher and the desktop configuration, for the Lighthouse benches. */
export async function lighthouseTools() {
  const [lighthouse, launcher, desktop] = await Promise.all([
    benchTool("lighthouse"),
    benchTool("chrome-launcher"),
    benchTool("lighthouse/core/config/desktop-config.js"),
  ]);
  const { version } = requireInBench("lighthouse/package.json");
  return {
    lighthouse: lighthouse.default,
    launch: launcher.launch,
    desktopConfig: desktop.default,
    version,
  };
}

/** autocannon's function. */
export const autocannonTool = async () => (await benchTool("autocannon")).default;
