/**
 * Server benchmark: throughput and latency of the production server under load, on loopback.
 * Not a test: `npm run bench:server` builds first. For each case autocannon holds 50 connections
 * for BENCH_SECONDS (default 10) seconds:
 *   (a) a prerendered page through `npm start`'s server
 *   (b) the same HTML from a bare Node HTTP server (the reference; ratio a/b)
 *   (c) the press list   (d) a press article, counting views   (e) lead submissions (distinct phones)
 * First on SQLite (one server), then, when BENCH_DATABASE_URL or TEST_DATABASE_URL names a
 * PostgreSQL server, on a throwaway database there with two app instances behind a round-robin
 * TCP proxy. Honours BUILD_DIR. Prints Markdown and writes bench-results/server.json and
 * docs/benchmarks.md (machine, date, commit, figures beside their targets).
 */
/* global fetch, FormData, URLSearchParams */
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import { cpus, loadavg, totalmem, tmpdir, type as osType, release } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import pg from "pg";

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = 50;
const PAGE = "/Brand/intro";
const BUILD_DIR = process.env.BUILD_DIR || "build";
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
/** BENCH_ONLY=a,b runs only those cases (for a before/after comparison); BENCH_PG=0 skips PostgreSQL. */
const ONLY = process.env.BENCH_ONLY?.split(",");
const ADMIN = { email: "bench-admin@example.com", password: "bench-correct-horse-battery" };
const PERSON_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36";

function freePort() {
  return new Promise((done, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => done(port));
    });
    srv.on("error", reject);
  });
}

/** `node server/index.js` on a free port; resolves once it answers. */
async function startApp(env) {
  const port = await freePort();
  const child = spawn(process.execPath, ["server/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      SITE_URL: `http://localhost:${port}`,
      BUILD_DIR,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // The bench is one address sending thousands of leads: lift the per-address limits.
      LEADS_RATE_LIMIT: "10000000",
      LEADS_PHONE_RATE_LIMIT: "1000",
      LEADS_DUPLICATE_WINDOW_SECONDS: "0",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  child.stderr.on("data", (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    try {
      if ((await fetch(`${url}/robots.txt`)).ok) break;
    } catch {
      // not yet
    }
    if (i > 300) throw new Error(`server did not start:\n${log}`);
    await sleep(100);
  }
  return {
    url,
    port,
    pid: child.pid,
    log: () => log,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once("exit", done);
        child.kill("SIGTERM");
      }),
  };
}

/** The reference, in its own process: the prerendered file from memory, as a static server sends it. */
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

async function startBareStatic(file) {
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

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; 0 elsewhere). */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** Each new connection goes to the next backend: a small TCP load balancer. */
async function startRoundRobin(backends) {
  const port = await freePort();
  let next = 0;
  const server = createServer((client) => {
    const backend = backends[next++ % backends.length];
    const upstream = connect(backend.port, "127.0.0.1");
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise((done) => server.listen(port, "127.0.0.1", done));
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stop: () => new Promise((d) => server.close(d)),
  };
}

/** Signs in and writes `count` articles; answers the id of the last. */
async function seedPress(app, count) {
  const signIn = await fetch(`${app.url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(ADMIN),
  });
  const cookie = signIn.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error(`sign-in failed: ${signIn.status}`);
  let id;
  for (let i = 0; i < count; i++) {
    const form = new FormData();
    form.set("intent", "create");
    form.set("title", `벤치마크 보도자료 ${i + 1}`);
    form.set("summary", "분양 소식 요약");
    form.set("body", "분양 소식 본문입니다.\n".repeat(20));
    const res = await fetch(`${app.url}/anyang/press`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: app.url, Cookie: cookie },
      body: form,
    });
    id = /posted=([a-z0-9]{12})/.exec(res.headers.get("location") ?? "")?.[1];
    if (!id) throw new Error(`writing an article failed: ${res.status}`);
  }
  return id;
}

let phoneSeq = 0;
/** One autocannon run; answers the figures we report. */
async function load(target, path, options = {}) {
  const pids = target.pids ?? [target.pid];
  const cpuBefore = pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const result = await autocannon({
    url: target.url + path,
    connections: CONNECTIONS,
    duration: SECONDS,
    ...options,
  });
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

/** Visit registrations, each with a phone number no other request used (autocannon's per-request hook). */
const leadRequests = () => ({
  requests: [
    {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      setupRequest(req) {
        const n = phoneSeq++;
        const phone = `010-${2000 + Math.floor(n / 10000)}-${String(n % 10000).padStart(4, "0")}`;
        const name = encodeURIComponent("부하시험");
        return {
          ...req,
          body: `kind=visit&source=%2Fregister&privacyConsent=on&name=${name}&phone=${phone}`,
        };
      },
    },
  ],
});

/** Runs the cases in order (those BENCH_ONLY names); answers their figures by letter. */
async function run(cases) {
  const figures = {};
  for (const [key, fn] of Object.entries(cases))
    if (!ONLY || ONLY.includes(key)) figures[key] = await fn();
  return figures;
}

const dynamicCases = (target, articleId) => ({
  c: () => load(target, "/anyang/press"),
  d: () => load(target, `/anyang/press/${articleId}`, { headers: { "user-agent": PERSON_UA } }),
  e: () => load(target, "/register", leadRequests()),
});

async function benchSqlite() {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-server-"));
  const app = await startApp({ DATA_DIR: dataDir, DATABASE_URL: "" });
  const bare = await startBareStatic(resolve(BUILD_DIR, "client", PAGE.slice(1), "index.html"));
  try {
    const articleId = await seedPress(app, 15);
    // (a) and (b) alternate, three rounds each, and the best round of each counts: on a shared
    // machine a neighbour's burst would otherwise decide the ratio.
    const rounds = { a: [], b: [] };
    if (!ONLY || ONLY.includes("a"))
      for (let i = 0; i < 3; i++) {
        rounds.a.push(await load(app, PAGE, { duration: Math.max(2, SECONDS / 2) }));
        rounds.b.push(await load(bare, "/", { duration: Math.max(2, SECONDS / 2) }));
      }
    const best = (list) => list.reduce((x, y) => (y.rps > x.rps ? y : x));
    return {
      ...(rounds.a.length ? { a: best(rounds.a), b: best(rounds.b) } : {}),
      ...(await run(dynamicCases(app, articleId))),
    };
  } finally {
    await app.stop();
    await bare.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres() {
  const name = `quality_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const instances = [];
  let proxy;
  try {
    const env = {
      DATABASE_URL: url.toString(),
      DATA_DIR: mkdtempSync(join(tmpdir(), "bench-pg-")),
    };
    instances.push(await startApp(env));
    instances.push(await startApp(env));
    proxy = await startRoundRobin(instances);
    const articleId = await seedPress(instances[0], 15);
    const target = { url: proxy.url, pids: instances.map((i) => i.pid) };
    return await run({ a: () => load(target, PAGE), ...dynamicCases(target, articleId) });
  } finally {
    await proxy?.stop();
    for (const i of instances) await i.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const CASES = {
  a: `(a) prerendered page ${PAGE} through npm start`,
  b: "(b) the same HTML from a bare Node server",
  c: "(c) press list /anyang/press",
  d: "(d) press article, counting views",
  e: "(e) lead submission /register (distinct phones)",
};

function targetOf(key, figures, sqlite) {
  if (key === "a" && figures.b && figures.a) {
    const ratio = figures.a.rps / figures.b.rps;
    const cpu = figures.b.cpuPerRequest / figures.a.cpuPerRequest;
    return `a/b = ${ratio.toFixed(2)} (target ≥ 0.80: ${ratio >= 0.8 ? "met" : "MISSED"}); CPU per request b/a = ${cpu.toFixed(2)}`;
  }
  if ((key === "c" || key === "d") && sqlite)
    return `p99 < 50 ms: ${figures[key].p99 < 50 ? "met" : "MISSED"}`;
  return "";
}

function table(title, figures, sqlite) {
  const rows = Object.entries(figures).map(
    ([key, f]) =>
      `| ${CASES[key]} | ${f.rps} | ${f.p50} | ${f.p99} | ${f.cpuPerRequest} | ${f.ok} | ${f.other} | ${targetOf(key, figures, sqlite)} |`,
  );
  return [
    `### ${title}`,
    "",
    "| case | req/s | p50 ms | p99 ms | server CPU ms/req | 2xx | other | target |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ...rows,
    "",
  ].join("\n");
}

const commit = (() => {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
})();
const machine = `${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GB, ${osType()} ${release()}, Node ${process.version}`;

const sqlite = await benchSqlite();
const postgres = PG_URL && process.env.BENCH_PG !== "0" ? await benchPostgres() : null;

const figures = [
  `- Date: ${new Date().toISOString()}`,
  `- Commit: ${commit}`,
  `- Machine: ${machine}`,
  `- Load: autocannon, ${CONNECTIONS} connections, ${SECONDS} s per case ((a) and (b): best of three alternating rounds of ${Math.max(2, SECONDS / 2)} s), on loopback; load generator and servers share the machine.`,
  `- Load average of the machine when done: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(", ")} (other work on the machine slows every figure).`,
  "",
  table("SQLite, one server", sqlite, true),
  postgres
    ? table("PostgreSQL, two instances behind a round-robin TCP proxy", postgres, false)
    : "PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL).\n",
].join("\n");

// docs/benchmarks.md: the figures go between the markers; the notes around them are kept.
const START = "<!-- bench-server:start -->";
const END = "<!-- bench-server:end -->";
const DOC = "docs/benchmarks.md";
let doc;
try {
  doc = readFileSync(DOC, "utf8");
} catch {
  doc = `# Benchmarks\n\n## Server (npm run bench:server)\n\n${START}\n${END}\n`;
}
if (!doc.includes(START)) doc += `\n## Server (npm run bench:server)\n\n${START}\n${END}\n`;
doc =
  doc.slice(0, doc.indexOf(START) + START.length) +
  "\n" +
  figures +
  "\n" +
  doc.slice(doc.indexOf(END));

mkdirSync("bench-results", { recursive: true });
writeFileSync(
  "bench-results/server.json",
  JSON.stringify({ date: new Date().toISOString(), commit, machine, sqlite, postgres }, null, 2),
);
writeFileSync(DOC, doc);
console.log(figures);
