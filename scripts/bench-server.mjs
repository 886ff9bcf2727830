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
/* global fetch, FormData */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  commit,
  freePort,
  load as loadWith,
  loadAverage,
  machine,
  signInAdmin,
  sitePagesFor,
  startApp as startAppIn,
  startBareStatic,
  throwawayDatabase,
  writeFigures,
} from "./bench-helpers.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = 50;
const PAGE = "/Brand/intro";
const BUILD_DIR = process.env.BUILD_DIR || "build";
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
/** BENCH_ONLY=a,b runs only those cases (for a before/after comparison); BENCH_PG=0 skips PostgreSQL. */
const ONLY = process.env.BENCH_ONLY?.split(",");
const PERSON_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36";

const startApp = (env) => startAppIn({ buildDir: BUILD_DIR, env });
const load = (target, path, options = {}) =>
  loadWith(target, path, { connections: CONNECTIONS, duration: SECONDS, ...options });

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
  const cookie = await signInAdmin(app);
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
  // The reference serves the page as the build rendered it for the default complex, the one the
  // app answers a bare 127.0.0.1 with.
  const { pages } = await sitePagesFor(BUILD_DIR);
  const pageFile = join(dataDir, "page.html");
  writeFileSync(pageFile, pages[PAGE].html);
  const bare = await startBareStatic(pageFile);
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
  const database = await throwawayDatabase(PG_URL, `quality_bench_${process.pid}`);
  const instances = [];
  let proxy;
  try {
    const env = {
      DATABASE_URL: database.url,
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
    await database.drop();
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

const sqlite = await benchSqlite();
const postgres = PG_URL && process.env.BENCH_PG !== "0" ? await benchPostgres() : null;

const figures = [
  `- Date: ${new Date().toISOString()}`,
  `- Commit: ${commit}`,
  `- Machine: ${machine}`,
  `- Load: autocannon, ${CONNECTIONS} connections, ${SECONDS} s per case ((a) and (b): best of three alternating rounds of ${Math.max(2, SECONDS / 2)} s), on loopback; load generator and servers share the machine.`,
  `- Load average of the machine when done: ${loadAverage()} (other work on the machine slows every figure).`,
  "",
  table("SQLite, one server", sqlite, true),
  postgres
    ? table("PostgreSQL, two instances behind a round-robin TCP proxy", postgres, false)
    : "PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL).\n",
].join("\n");

writeFigures({
  name: "bench-server",
  heading: "Server (npm run bench:server)",
  figures,
  json: "server.json",
  data: { date: new Date().toISOString(), commit, machine, sqlite, postgres },
});
console.log(figures);
