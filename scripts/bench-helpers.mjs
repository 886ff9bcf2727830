/**
 * What the benchmarks share (scripts/bench*.mjs): the production server and the bare reference
 * server on free ports, autocannon runs with the server's CPU time, the rendered pages of a complex
 * from the build, Chrome's flags and the command-line options of the Lighthouse benches, medians,
 * and writing the figures (the block of docs/benchmarks.md a bench rewrites).
 */
/* global fetch, performance, URLSearchParams */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, loadavg, release, totalmem, type as osType } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import Database from "better-sqlite3";
import pg from "pg";
import { loadServerBuild } from "../server/build.js";
import { readSitePages } from "../server/render-site.js";
import { autocannonTool } from "./bench-tools.mjs";

export const ADMIN = { email: "bench-admin@example.com", password: "bench-correct-horse-battery" };

/** Chrome's flags for Lighthouse (chrome-launcher): headless, no background traffic. */
export const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * Chromium's arguments for the benches that drive it through playwright-core, as the browser tests
 * launch it (tests/e2e/support/browser.ts, TypeScript, which a plain Node script cannot import).
 */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Where Debian's fonts-noto-cjk is unpacked for the benches' Chromium (not installed). */
export const NOTO_CJK_CACHE = resolve("node_modules/.cache/noto-cjk");

/**
 * The environment of a bench's Chromium, with a Korean font as every phone has one (Android's is
 * Noto Sans CJK KR). This machine has none: Chromium then searches every system font for each
 * run of Hangul, and laying out the home page took 71–157 ms instead of 34 ms (unthrottled, the
 * same build), a cost no visitor pays that Lighthouse multiplies by four into blocking time
 * (docs/decisions/026). Debian's fonts-noto-cjk is downloaded once (`apt-get download`, not
 * installed) into NOTO_CJK_CACHE and shown to that Chromium only, through FONTCONFIG_FILE.
 * Returns `{ env, font }`: `font` names the font for the figures, or says why there is none (the
 * bench then runs without it and prints so).
 */
export function koreanFontEnv() {
  const fontsConf = join(NOTO_CJK_CACHE, "fonts.conf");
  try {
    if (!existsSync(join(NOTO_CJK_CACHE, "x"))) {
      mkdirSync(NOTO_CJK_CACHE, { recursive: true });
      execFileSync("apt-get", ["download", "fonts-noto-cjk"], {
        cwd: NOTO_CJK_CACHE,
        stdio: ["ignore", "ignore", "pipe"],
      });
      const deb = readdirSync(NOTO_CJK_CACHE).find((f) => f.endsWith(".deb"));
      if (!deb) throw new Error("apt-get download fonts-noto-cjk left no .deb");
      execFileSync("dpkg-deb", ["-x", deb, "x"], { cwd: NOTO_CJK_CACHE });
      rmSync(join(NOTO_CJK_CACHE, deb));
    }
    writeFileSync(
      fontsConf,
      `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><include ignore_missing="yes">/etc/fonts/fonts.conf</include><dir>${NOTO_CJK_CACHE}/x/usr/share/fonts</dir><cachedir>${NOTO_CJK_CACHE}/cache</cachedir></fontconfig>`,
    );
    return {
      env: { ...process.env, FONTCONFIG_FILE: fontsConf },
      font: "Noto Sans CJK KR (Debian fonts-noto-cjk) as the phone's Korean font",
    };
  } catch (error) {
    const why = String(error.stderr || error.message)
      .trim()
      .split("\n")[0];
    process.stderr.write(`No Korean font for Chromium (${why}): measuring without one.\n`);
    return { env: process.env, font: `no Korean font (${why})` };
  }
}

/** Lighthouse's flags for a run in the Chrome on `port`: JSON, quiet, no full-page screenshot. */
export function lighthouseFlags(port, categories) {
  return {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: categories,
    disableFullPageScreenshot: true,
  };
}

/** Ctrl-C (or SIGTERM) runs `stop` (Chrome, the servers) before the process ends. */
export function stopOnInterrupt(stop) {
  const interrupted = async () => {
    await stop();
    process.exit(130);
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
}

/** The value after `name` on the command line (`--routes /,/Brand/intro`), else undefined. */
export function option(name) {
  const i = process.argv.indexOf(name);
  if (i === -1) return undefined;
  const value = process.argv[i + 1];
  if (!value || value.startsWith("--")) throw new Error(`${name} needs a value`);
  return value;
}

/** A comma-separated option as a list (`--routes /,/FloorPlan/59A`), else undefined. */
export function listOption(name) {
  return option(name)
    ?.split(",")
    .map((v) => v.trim())
    .filter(Boolean);
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function freePort() {
  return new Promise((done, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => done(port));
    });
    srv.on("error", reject);
  });
}

/**
 * `node server/index.js` on a free port; resolves once it answers 200, with `readyMs`, the time
 * from spawning it to that first answer (polled every 50 ms).
 */
export async function startApp({ buildDir, env = {}, timeoutMs = 120_000 }) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ["server/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      SITE_URL: `http://localhost:${port}`,
      BUILD_DIR: buildDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // The bench is one address sending thousands of leads: lift the per-address limits.
      LEADS_RATE_LIMIT: "10000000",
      LEADS_PHONE_RATE_LIMIT: "1000",
      LEADS_DUPLICATE_WINDOW_SECONDS: "0",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  let out = "";
  /** Each line printed on standard output, with when it arrived (performance.now()). */
  const lines = [];
  child.stderr.on("data", (d) => (log += d));
  child.stdout.on("data", (d) => {
    out += d;
    const at = performance.now();
    for (const line of String(d).split("\n")) if (line) lines.push({ at, line });
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    try {
      if ((await fetch(`${url}/robots.txt`)).ok) break;
    } catch {
      // not yet
    }
    if (performance.now() - started > timeoutMs) {
      child.kill("SIGKILL");
      throw new Error(`server did not start in ${timeoutMs / 1000} s:\n${log}`);
    }
    await sleep(50);
  }
  return {
    url,
    port,
    pid: child.pid,
    readyMs: Math.round(performance.now() - started),
    log: () => log,
    /** What the server printed on standard output so far. */
    out: () => out,
    /** The lines printed on standard output since `since` (performance.now()), with their time. */
    linesSince: (since) => lines.filter((l) => l.at >= since),
    /** Resolves once the server printed a line matching `pattern` (or after `ms`, false). */
    async printed(pattern, ms = 120_000) {
      const until = performance.now() + ms;
      while (!pattern.test(out)) {
        if (performance.now() > until || child.exitCode !== null) return false;
        await sleep(100);
      }
      return true;
    },
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once("exit", done);
        child.kill("SIGTERM");
      }),
  };
}

/**
 * A new database `name` on the PostgreSQL server of `serverUrl`: `{ url, drop }`. `drop()` removes
 * it (ending its connections) and closes this connection; `keep()` only closes the connection.
 */
export async function throwawayDatabase(serverUrl, name) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
    keep: () => admin.end(),
  };
}

/** The draft's name changed in the store of `dataDir` (SQLite), as the console's 저장 writes it. */
export function saveDraftName(dataDir, siteId, name) {
  const db = new Database(join(dataDir, "site.db"));
  try {
    db.prepare(
      `UPDATE site_documents SET draft = json_set(draft, '$.identity.name', ?),
         draft_revision = draft_revision + 1 WHERE site_id = ?`,
    ).run(name, siteId);
  } finally {
    db.close();
  }
}

/** A console form sent as the browser sends it; throws unless it answered with a redirect. */
export async function postForm(app, cookie, path, fields) {
  const res = await fetch(app.url + path, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: app.url,
      Cookie: cookie,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields),
  });
  if (res.status !== 302 && res.status !== 303)
    throw new Error(`${path} refused: ${res.status} ${(await res.text()).slice(0, 300)}`);
}

/** Signs the bench's administrator in on `app`; answers the session cookie. */
export async function signInAdmin(app) {
  const res = await fetch(`${app.url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(ADMIN),
  });
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error(`sign-in failed: ${res.status}`);
  return cookie;
}

/** The reference, in its own process: the page's bytes from memory, as a static server sends them. */
const BARE_SERVER = `
const { readFileSync } = require("node:fs");
const html = readFileSync(process.argv[1]);
require("node:http")
  .createServer((req, res) => {
    res.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": html.length,
      "Cache-Control": "public, max-age=0, must-revalidate",
    });
    res.end(html);
  })
  .listen(Number(process.argv[2]), "127.0.0.1", () => console.log("ready"));
`;

/** A bare Node HTTP server answering every request with the bytes of `file`. */
export async function startBareStatic(file) {
  const port = await freePort();
  const child = spawn(process.execPath, ["-e", BARE_SERVER, file, String(port)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((done) => child.stdout.once("data", done));
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () =>
      new Promise((done) => {
        child.once("exit", done);
        child.kill("SIGTERM");
      }),
  };
}

/** The fields of /proc/<pid>/stat after the command name (Linux; undefined elsewhere). */
function statFields(pid) {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  } catch {
    return undefined;
  }
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; 0 elsewhere). */
export function cpuMs(pid) {
  const fields = statFields(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) * 10 : 0;
}

/** CPU time (user + system) of this process's finished children and theirs, in ms (0 elsewhere). */
export function childrenCpuMs() {
  const fields = statFields("self");
  return fields ? (Number(fields[13]) + Number(fields[14])) * 10 : 0;
}

/** Resident memory of a process in MB (Linux /proc VmRSS; null elsewhere). */
export function rssMb(pid) {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1];
    return Math.round(Number(kb) / 1024);
  } catch {
    return null;
  }
}

/**
 * One autocannon run against `target` (`{ url, pid }` or `{ url, pids }`); answers the figures we
 * report. `options` go to autocannon (connections, duration, headers, requests).
 */
export async function load(target, path, options) {
  const pids = target.pids ?? [target.pid];
  const cpuBefore = pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const autocannon = await autocannonTool();
  const result = await autocannon({ url: target.url + path, ...options });
  const ok = result["2xx"];
  const cpu = pids.reduce((sum, pid) => sum + cpuMs(pid), 0) - cpuBefore;
  return {
    cpuPerRequest: Number((cpu / Math.max(1, result.requests.total)).toFixed(3)),
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok,
    other: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * A complex's page from the app (a, on its `<id>.localhost` host) against the same bytes from a
 * bare static server (b, serving `file`): one uncounted second each (a fresh process answers its
 * first requests slower), then `rounds` pairs of `seconds`, alternating which goes first (by
 * `turn + round`, so that a neighbour's burst does not always fall on the same side). Answers the
 * round with the median ratio a/b, and every round's ratio.
 */
export async function againstBareStatic(
  app,
  id,
  path,
  file,
  { seconds, rounds, connections, turn },
) {
  const bare = await startBareStatic(file);
  const options = { connections, duration: seconds };
  const runA = (duration = seconds) =>
    load(app, path, { ...options, duration, headers: { host: `${id}.localhost:${app.port}` } });
  const runB = (duration = seconds) => load(bare, "/", { ...options, duration });
  await runA(1);
  await runB(1);
  const all = [];
  for (let r = 0; r < rounds; r++) {
    let a, b;
    if ((turn + r) % 2 === 0) {
      a = await runA();
      b = await runB();
    } else {
      b = await runB();
      a = await runA();
    }
    all.push({ a, b, ratio: a.rps / b.rps });
  }
  await bare.stop();
  const median = [...all].sort((x, y) => x.ratio - y.ratio)[Math.floor(rounds / 2)];
  return { ...median, ratios: all.map((x) => x.ratio) };
}

/** What the server build knows of the complexes (`ids()`, `idForHost(host)`, app/sites/server-facts.server.ts). */
export async function sitesOf(buildDir) {
  return (await loadServerBuild(buildDir)).entry.sitesForServer;
}

/**
 * The rendered pages of the complex the server answers `host` with (the default complex for a host
 * no complex names), from `<buildDir>/sites/<id>.json`: `{ id, origin, pages: { [path]: { html, type } } }`.
 */
export async function sitePagesFor(buildDir, host = "localhost") {
  const id = (await sitesOf(buildDir)).idForHost(host);
  const rendered = readSitePages(buildDir, id);
  if (!rendered) throw new Error(`${buildDir}/sites/${id}.json is missing: run npm run build`);
  return { id, ...rendered };
}

/** The HTML pages among a complex's rendered pages (not its .ics files), the home page first. */
export function htmlPaths(pages) {
  return Object.keys(pages)
    .filter((path) => pages[path].type.startsWith("text/html"))
    .sort((a, b) => (a === "/" ? -1 : b === "/" ? 1 : a.localeCompare(b)));
}

export const commit = (() => {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
})();

export const machine = `${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GB, ${osType()} ${release()}, Node ${process.version}`;

export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(", ");

/**
 * Writes `data` to bench-results/<json> and `figures` into docs/benchmarks.md between the
 * `<!-- <name>:start -->` and `<!-- <name>:end -->` markers; the notes around them are kept, and a
 * section `heading` with the markers is added when they are missing.
 */
export function writeFigures({ name, heading, figures, json, data }) {
  const DOC = "docs/benchmarks.md";
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  let doc = existsSync(DOC) ? readFileSync(DOC, "utf8") : "# Benchmarks\n";
  if (!doc.includes(start)) doc += `\n## ${heading}\n\n${start}\n${end}\n`;
  doc =
    doc.slice(0, doc.indexOf(start) + start.length) +
    "\n" +
    figures +
    "\n" +
    doc.slice(doc.indexOf(end));
  mkdirSync("bench-results", { recursive: true });
  writeFileSync(join("bench-results", json), JSON.stringify(data, null, 2));
  writeFileSync(DOC, doc);
}
