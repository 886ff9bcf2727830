/**
 * Lighthouse (mobile and desktop) for each prerendered page of the built site, with the JavaScript
 * and CSS bytes each page loads. Not part of `npm test`: `npm run bench` builds first.
 *
 *   node scripts/bench.mjs                              every prerendered page
 *   node scripts/bench.mjs --routes /,/FloorPlan/59A    only these
 *   node scripts/bench.mjs --form-factor mobile         only one form factor
 *   node scripts/bench.mjs --lhr                        also keep each full report in bench-results/lhr/
 *
 * Honours BUILD_DIR (default build) and CHROME_PATH (default /usr/bin/chromium).
 * Writes bench-results/bench.json and bench-results/bench.md, and prints the Markdown.
 * Routes run one after another in one Chrome, so the figures do not compete for the CPU.
 */
/* global fetch */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, relative, resolve, sep } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const OUT_DIR = "bench-results";

function option(name) {
  const i = process.argv.indexOf(name);
  if (i === -1) return undefined;
  const value = process.argv[i + 1];
  if (!value || value.startsWith("--")) throw new Error(`${name} needs a value`);
  return value;
}

/** Every prerendered page of the build: build/client/<path>/index.html. */
function prerenderedRoutes(clientDir) {
  const walk = (dir) =>
    readdirSync(dir).flatMap((name) => {
      const p = join(dir, name);
      return statSync(p).isDirectory() ? walk(p) : [p];
    });
  return walk(clientDir)
    .filter((f) => f.endsWith(`${sep}index.html`))
    .map((f) => "/" + relative(clientDir, f).split(sep).slice(0, -1).join("/"))
    .sort((a, b) => (a === "/" ? -1 : b === "/" ? 1 : a.localeCompare(b)));
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolvePort(port));
    });
    srv.on("error", reject);
  });
}

async function startServer(buildDir) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "site-bench-"));
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["server/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      SITE_URL: url,
      DATA_DIR: dataDir,
      BUILD_DIR: buildDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log}`);
    try {
      if ((await fetch(`${url}/robots.txt`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start in time:\n${log}`);
    }
    await sleep(100);
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Bytes that crossed the wire (compressed) for one resource type, from the resource-summary audit. */
function transferBytes(lhr, resourceType) {
  const items = lhr.audits["resource-summary"]?.details?.items ?? [];
  return items.find((i) => i.resourceType === resourceType)?.transferSize ?? 0;
}

function summarize(lhr) {
  const score = (id) =>
    lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100);
  const numeric = (id) => lhr.audits[id]?.numericValue ?? null;
  const below = (id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative")
      .map((a) => a.id);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: Math.round(numeric("largest-contentful-paint") ?? 0),
    cls: Number((numeric("cumulative-layout-shift") ?? 0).toFixed(3)),
    tbtMs: Math.round(numeric("total-blocking-time") ?? 0),
    jsBytes: transferBytes(lhr, "script"),
    cssBytes: transferBytes(lhr, "stylesheet"),
    totalBytes: transferBytes(lhr, "total"),
    failing: {
      accessibility: below("accessibility"),
      bestPractices: below("best-practices"),
      seo: below("seo"),
    },
    runtimeError: lhr.runtimeError?.message,
  };
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

function markdown(results, meta) {
  const lines = [
    `# Lighthouse ${meta.lighthouse} — ${meta.date}`,
    "",
    `Build \`${meta.buildDir}\`, Chromium \`${meta.chromePath}\`, ${results.length} runs in ${meta.seconds} s.`,
    "Mobile is Lighthouse's default (simulated slow 4G, 4× CPU slowdown); desktop is its desktop config.",
    "JS and CSS are compressed bytes transferred.",
    "",
  ];
  const routes = [...new Set(results.map((r) => r.route))];
  for (const route of routes) {
    lines.push(`## ${route}`, "");
    lines.push(
      "| form factor | perf | a11y | best practices | SEO | LCP ms | CLS | TBT ms | JS KB | CSS KB | below 100 |",
    );
    lines.push("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
    for (const r of results.filter((x) => x.route === route)) {
      const failing = [
        ...r.failing.accessibility,
        ...r.failing.bestPractices,
        ...r.failing.seo,
      ].join(", ");
      lines.push(
        `| ${r.formFactor} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} | ${r.cls} | ${r.tbtMs} | ${kb(r.jsBytes)} | ${kb(r.cssBytes)} | ${r.runtimeError ?? (failing || "—")} |`,
      );
    }
    lines.push("");
  }
  return lines.join("\n");
}

async function main() {
  const buildDir = process.env.BUILD_DIR || "build";
  const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
  const clientDir = resolve(buildDir, "client");
  const routes =
    option("--routes")
      ?.split(",")
      .map((r) => r.trim())
      .filter(Boolean) ?? prerenderedRoutes(clientDir);
  const only = option("--form-factor");
  const formFactors = [
    { name: "mobile", config: undefined },
    { name: "desktop", config: desktopConfig },
  ].filter((f) => !only || f.name === only);
  if (!formFactors.length) throw new Error("--form-factor is mobile or desktop");

  const keepLhr = process.argv.includes("--lhr");
  if (keepLhr) mkdirSync(join(OUT_DIR, "lhr"), { recursive: true });
  const started = Date.now();
  const server = await startServer(buildDir);
  const chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  const results = [];
  // Ctrl-C stops Chrome and the server too.
  const interrupted = async () => {
    chrome.kill();
    await server.stop();
    process.exit(130);
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    for (const route of routes) {
      for (const { name, config } of formFactors) {
        const runner = await lighthouse(
          server.url + route,
          {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: CATEGORIES,
            disableFullPageScreenshot: true,
          },
          config,
        );
        if (!runner) throw new Error(`Lighthouse gave no result for ${route}`);
        const row = { route, formFactor: name, ...summarize(runner.lhr) };
        if (keepLhr) {
          const file = `${route === "/" ? "home" : route.slice(1).replaceAll("/", "_")}-${name}.json`;
          writeFileSync(join(OUT_DIR, "lhr", file), JSON.stringify(runner.lhr));
        }
        results.push(row);
        process.stderr.write(
          `${route} ${name}: perf ${row.performance} a11y ${row.accessibility} bp ${row.bestPractices} seo ${row.seo}\n`,
        );
      }
    }
  } finally {
    chrome.kill();
    await server.stop();
  }

  const meta = {
    date: new Date().toISOString(),
    lighthouse: (await import("lighthouse/package.json", { with: { type: "json" } })).default
      .version,
    buildDir,
    chromePath,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(join(OUT_DIR, "bench.json"), JSON.stringify({ ...meta, results }, null, 2) + "\n");
  const md = markdown(results, meta);
  writeFileSync(join(OUT_DIR, "bench.md"), md + "\n");
  console.log(md);
}

await main();
