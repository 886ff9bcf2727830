/**
 * Many complexes on PostgreSQL (issue 43, item 3). Not a test: `npm run bench` runs it after the
 * build. In a throwaway database on the PostgreSQL server of BENCH_DATABASE_URL (else
 * TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres), for each count of
 * BENCH_MANY (default "100,500") complexes, made as copies of the default sample with 새 단지 and
 * published (each rendered once and its pages stored), it starts the server again and measures
 *   (a) start to first answer;
 *   (b) the first request to each cold complex (its home page, Host `<id>.localhost`, one after
 *       another in a shuffled order): p50, p95 and the slowest;
 *   (c) resident memory (VmRSS) once every complex's home page was visited once;
 *   (d) warm prerendered throughput: /Brand/intro of three complexes through the server against a
 *       bare Node server sending the same bytes, autocannon 50 connections, ROUNDS alternating pairs
 *       of SECONDS each, the median pair: a/b;
 *   (e) a publish reaching every instance: a second instance on the same database, a copy's name
 *       changed and 게시 pressed on the first, the time until both serve it (ROUNDS rounds, slowest).
 * Budgets (issue 43): (a) ≤ 10 s, (b) p95 ≤ 300 ms, (c) ≤ 600 MB, (d) ≥ 0.8, (e) ≤ 5 s.
 * Writes bench-results/many.json and the `many` block of docs/benchmarks.md; exits 1 on a miss.
 */
/* global performance */
import { writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import {
  commit,
  loadAverage,
  machine,
  rssMb,
  postForm,
  signInAdmin,
  startApp,
  againstBareStatic,
  throwawayDatabase,
  writeFigures,
} from "./bench-helpers.mjs";

const BUILD_DIR = process.env.BUILD_DIR || "build";
const SERVER_URL =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  "postgres://postgres@127.0.0.1:5432/postgres";
const COUNTS = (process.env.BENCH_MANY || "100,500")
  .split(",")
  .map(Number)
  .sort((a, b) => a - b);
const SECONDS = Number(process.env.BENCH_SECONDS || 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const SITE = "anyang";
const PAGE = "/Brand/intro";
const BUDGET = { readySeconds: 10, coldP95Ms: 300, rssMb: 600, ratio: 0.8, publishMs: 5000 };

const idOf = (i) => `m${String(i).padStart(3, "0")}`;
/** A copy's name: as made, or as (e) last published it (a later count measures it again). */
const renamed = new Map();
const nameOf = (id) => renamed.get(id) ?? `벤치 단지 ${id}`;

/** `path` of the complex `siteId` (Host `<id>.localhost`): its status, text and time in ms. */
function pageOf(app, siteId, path = "/") {
  const sent = performance.now();
  return new Promise((resolve, reject) => {
    get(`${app.url}${path}`, { headers: { Host: `${siteId}.localhost:${app.port}` } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode, body, ms: performance.now() - sent }));
    }).on("error", reject);
  });
}

async function until(what, check, ms = 120_000) {
  const end = performance.now() + ms;
  while (!(await check())) {
    if (performance.now() > end) throw new Error(`${what}: not within ${ms / 1000} s`);
    await sleep(20);
  }
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

/**
 * Copies `from`..`to` made with 새 단지 and published, each served once (rendered, its pages stored).
 * A copy is published as it is: the record of its source, which would refuse 게시 while the
 * source's identity is left in it, is dropped.
 */
async function makeCopies(app, cookie, db, from, to) {
  const made = performance.now();
  for (let i = from; i <= to; i++) {
    const id = idOf(i);
    await postForm(app, cookie, "/admin/sites/new", {
      id,
      name: nameOf(id),
      hosts: "",
      copyFrom: SITE,
    });
    await db.query("DELETE FROM site_copy_sources WHERE site_id = $1", [id]);
    await postForm(app, cookie, `/admin/sites/${id}`, { intent: "publish", note: "bench" });
    await until(`${id} served`, async () => (await pageOf(app, id)).body.includes(nameOf(id)));
    if (i % 50 === 0) console.log(`${i} copies made and published`);
  }
  return Math.round((performance.now() - made) / 1000);
}

/** (d): `PAGE` of `ids` through the server against the same bytes from a bare server. */
async function throughput(app, ids, dir) {
  const rows = [];
  for (const [i, id] of ids.entries()) {
    const { body } = await pageOf(app, id, PAGE);
    const file = join(dir, `${id}.html`);
    writeFileSync(file, body);
    const { a, b, ratio } = await againstBareStatic(app, id, PAGE, file, {
      seconds: SECONDS,
      rounds: ROUNDS,
      connections: 50,
      turn: i,
    });
    rows.push({ id, a: a.rps, b: b.rps, ratio: Number(ratio.toFixed(2)) });
    console.log(`${id}: a ${a.rps} req/s, b ${b.rps} req/s, a/b ${ratio.toFixed(2)}`);
  }
  return rows;
}

/** (e): a copy's name changed and published on `apps[0]`; ms until every instance serves it. */
async function publishEverywhere(apps, cookie, db, id, round) {
  const name = `벤치 게시 ${round} ${id}`;
  await db.query(
    `UPDATE site_documents SET draft = jsonb_set(draft::jsonb, '{identity,name}', to_jsonb($2::text))::text,
       draft_revision = draft_revision + 1 WHERE site_id = $1`,
    [id, name],
  );
  const sent = performance.now();
  await postForm(apps[0], cookie, `/admin/sites/${id}`, { intent: "publish", note: "bench" });
  const answered = performance.now() - sent;
  renamed.set(id, name);
  const shown = await Promise.all(
    apps.map(async (app) => {
      await until(
        `${name} on ${app.url}`,
        async () => (await pageOf(app, id)).body.includes(name),
        60_000,
      );
      return performance.now() - sent;
    }),
  );
  // What each instance did meanwhile (its log lines, ms after the publish was sent): where a slow
  // round's time went.
  console.log(
    `publish ${round}: answered in ${Math.round(answered)} ms; shown on ${shown.map((ms) => `${Math.round(ms)} ms`).join(", ")}`,
  );
  apps.forEach((app, i) => {
    for (const { at, line } of app.linesSince(sent))
      if (!line.startsWith("GET "))
        console.log(`  [${i + 1}] +${Math.round(at - sent)} ms ${line}`);
  });
  return Math.round(Math.max(...shown));
}

async function measure(count, env, db, dir) {
  const copies = Array.from({ length: count - 2 }, (_, i) => idOf(i + 1));
  const app = await startApp({ buildDir: BUILD_DIR, env, timeoutMs: 600_000 });
  const readySeconds = Number((app.readyMs / 1000).toFixed(1));
  const rssAtStart = rssMb(app.pid);
  let second;
  try {
    // (b) and (c): every complex's home once, the copies in a shuffled order.
    const order = ["suwon", ...copies].sort(() => Math.random() - 0.5);
    const cold = [];
    for (const id of order) {
      const page = await pageOf(app, id);
      if (page.status !== 200 || !page.body.includes(id === "suwon" ? "" : nameOf(id)))
        throw new Error(
          `${id}: ${page.status === 200 ? `its home page without "${nameOf(id)}"` : page.status}`,
        );
      cold.push(page.ms);
    }
    cold.sort((a, b) => a - b);
    const rssAfterVisits = rssMb(app.pid);
    // (d) warm: the default sample and two copies.
    const rows = await throughput(app, [SITE, copies[0], copies.at(-1)], dir);
    // (e) a second instance on the same database.
    second = await startApp({ buildDir: BUILD_DIR, env, timeoutMs: 600_000 });
    const cookie = await signInAdmin(app);
    const target = copies[Math.floor(copies.length / 2)];
    await pageOf(second, target);
    const publishes = [];
    for (let r = 1; r <= ROUNDS; r++)
      publishes.push(await publishEverywhere([app, second], cookie, db, target, r));
    return {
      complexes: count,
      readySeconds,
      rssAtStart,
      cold: {
        p50: Math.round(percentile(cold, 0.5)),
        p95: Math.round(percentile(cold, 0.95)),
        max: Math.round(cold.at(-1)),
      },
      rssAfterVisits,
      throughput: rows,
      ratio: Math.min(...rows.map((r) => r.ratio)),
      publishMs: Math.max(...publishes),
      publishes,
    };
  } finally {
    await second?.stop();
    await app.stop();
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "bench-many-"));
  const database = await throwawayDatabase(SERVER_URL, `bench_many_${process.pid}`);
  const env = { DATABASE_URL: database.url, DATA_DIR: dir };
  const db = new pg.Client({ connectionString: database.url });
  const results = [];
  try {
    // The server's migrations make the tables this connection writes to.
    let made = 2;
    for (const count of COUNTS) {
      // The copies up to `count`, made through one server, then measured after a new start.
      const maker = await startApp({ buildDir: BUILD_DIR, env, timeoutMs: 600_000 });
      if (made === 2) await db.connect();
      let seconds;
      try {
        seconds = await makeCopies(maker, await signInAdmin(maker), db, made - 1, count - 2);
      } finally {
        await maker.stop();
      }
      console.log(`${count} complexes: ${count - made} copies made and published in ${seconds} s`);
      made = count;
      const figures = await measure(count, env, db, dir);
      console.log(JSON.stringify(figures));
      results.push(figures);
    }
  } finally {
    await db.end().catch(() => undefined);
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
  const judged = results.at(-1);
  const ok =
    judged.readySeconds <= BUDGET.readySeconds &&
    judged.cold.p95 <= BUDGET.coldP95Ms &&
    judged.rssAfterVisits <= BUDGET.rssMb &&
    judged.ratio >= BUDGET.ratio &&
    judged.publishMs <= BUDGET.publishMs;
  const col = (f) => results.map(f).join(" | ");
  const text = [
    `${new Date().toISOString().slice(0, 16)} UTC, commit ${commit}, ${machine}, load average ${loadAverage()}.`,
    `\`node scripts/bench-many.mjs\` (PostgreSQL, \`PAGE_CACHE_MB\` ${process.env.PAGE_CACHE_MB || 256}): copies of \`${SITE}\` made with 새 단지 and published, the server started again; budgets judged at ${judged.complexes}.`,
    "",
    `| figure | ${col((r) => `${r.complexes} complexes`)} | budget |`,
    `| --- | ${col(() => "---")} | --- |`,
    `| start to first answer | ${col((r) => `${r.readySeconds} s`)} | ≤ ${BUDGET.readySeconds} s |`,
    `| first request to a cold complex, p50 / p95 / slowest | ${col((r) => `${r.cold.p50} / ${r.cold.p95} / ${r.cold.max} ms`)} | p95 ≤ ${BUDGET.coldP95Ms} ms |`,
    `| resident memory at start / after every home page once | ${col((r) => `${r.rssAtStart} / ${r.rssAfterVisits} MB`)} | ≤ ${BUDGET.rssMb} MB |`,
    `| warm ${PAGE}, a/b (lowest of three complexes) | ${col((r) => r.ratio)} | ≥ ${BUDGET.ratio} |`,
    `| a publish on every instance (two), slowest of ${ROUNDS} | ${col((r) => `${(r.publishMs / 1000).toFixed(1)} s`)} | ≤ ${BUDGET.publishMs / 1000} s |`,
  ].join("\n");
  console.log(`\n${text}\n`);
  writeFigures({
    name: "many",
    heading: "Many complexes (PostgreSQL)",
    figures: text,
    json: "many.json",
    data: results,
  });
  if (!ok) {
    console.error("bench-many: a budget was missed");
    process.exitCode = 1;
  }
}

await main();
