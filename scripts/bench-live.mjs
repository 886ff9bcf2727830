/**
 * Live operations benchmark (운영 정보): what an administrator's change costs the running server.
 * Not a test: `npm run bench` builds first. Starts `npm start`'s server (SQLite, fresh data folder),
 * measures the prerendered home page's throughput (autocannon, 50 connections, BENCH_SECONDS), then
 * changes the phone number through the 운영 정보 form as an administrator does, and measures
 *   - the server's own time to render the complex's pages again (its `live: … rendered again` line),
 *   - the time from the form's answer until the home page carries the new number,
 *   - the same throughput again right after the change, and its ratio to before.
 * ROUNDS (default 3) changes, alternating two numbers; the medians are judged. Budgets: re-render at
 * most 2 s, throughput after at least 0.8 of before. Writes bench-results/live.json and the `live`
 * block of docs/benchmarks.md; exits 1 on a miss.
 */
/* global fetch, performance, URLSearchParams */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import {
  commit,
  load,
  loadAverage,
  machine,
  signInAdmin,
  startApp,
  writeFigures,
} from "./bench-helpers.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const BUILD_DIR = process.env.BUILD_DIR || "build";
const PAGE = "/";
const BUDGET = { rerenderMs: 2000, ratio: 0.8 };
const PHONES = ["1600-1111", "1600-2222"];
// As a browser asks: the compressed page.
const options = { connections: 50, duration: SECONDS, headers: { "accept-encoding": "br, gzip" } };

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The 운영 정보 contact form, as the administrator sends it; answers when the server answered. */
async function changePhone(app, cookie, phone) {
  const res = await fetch(`${app.url}/admin/operations`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: app.url,
      Cookie: cookie,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ intent: "contact", phone, contactHours: "" }),
  });
  if (res.status !== 302 && res.status !== 303)
    throw new Error(`운영 정보 refused the change: ${res.status} ${await res.text()}`);
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-live-"));
  const app = await startApp({ buildDir: BUILD_DIR, env: { DATA_DIR: dataDir } });
  const rounds = [];
  try {
    // Start-up compresses every page in the background: measure once it is done, as in production.
    await app.printed(/pages compressed/);
    const cookie = await signInAdmin(app);
    await load(app, PAGE, { ...options, duration: 2 }); // warm-up
    for (let i = 0; i < ROUNDS; i++) {
      const phone = PHONES[i % PHONES.length];
      const before = await load(app, PAGE, options);
      const linesBefore = countRerenders(app);
      const sent = performance.now();
      await changePhone(app, cookie, phone);
      const answered = performance.now();
      let shownMs;
      for (;;) {
        const html = await (await fetch(app.url + PAGE)).text();
        if (html.includes(phone)) {
          shownMs = Math.round(performance.now() - answered);
          break;
        }
        if (performance.now() - sent > 30_000) throw new Error("the new number never showed");
        await sleep(20);
      }
      const rerenderMs = await lastRerender(app, linesBefore);
      const after = await load(app, PAGE, options);
      rounds.push({
        phone,
        saveMs: Math.round(answered - sent),
        shownMs,
        rerenderMs,
        before: before.rps,
        after: after.rps,
        ratio: Number((after.rps / before.rps).toFixed(2)),
        errors: before.other + after.other,
      });
      console.log(
        `round ${i + 1}: re-render ${rerenderMs} ms, shown ${shownMs} ms after the answer, ${before.rps} → ${after.rps} req/s`,
      );
    }
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const result = {
    rerenderMs: median(rounds.map((r) => r.rerenderMs)),
    shownMs: median(rounds.map((r) => r.shownMs)),
    ratio: median(rounds.map((r) => r.ratio)),
  };
  const ok = result.rerenderMs <= BUDGET.rerenderMs && result.ratio >= BUDGET.ratio;
  const figures = [
    `${new Date().toISOString().slice(0, 16)} UTC, commit ${commit}, ${machine}, load average ${loadAverage()}.`,
    `\`node scripts/bench-live.mjs\`: ${ROUNDS} phone-number changes through 운영 정보 (SQLite), page \`${PAGE}\`, 50 connections × ${SECONDS} s before and right after each.`,
    "",
    "| round | re-render ms | new number served, ms after the form's answer | req/s before | req/s right after | after/before |",
    "| ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rounds.map(
      (r, i) =>
        `| ${i + 1} | ${r.rerenderMs} | ${r.shownMs} | ${r.before} | ${r.after} | ${r.ratio} |`,
    ),
    "",
    `Median: re-render **${result.rerenderMs} ms** (budget ≤ ${BUDGET.rerenderMs}), throughput after/before **${result.ratio}** (budget ≥ ${BUDGET.ratio}): ${ok ? "within budget" : "MISSED"}.`,
  ].join("\n");
  console.log("\n" + figures);
  writeFigures({
    name: "live",
    heading: "Live operations: a change's cost (`scripts/bench-live.mjs`)",
    figures,
    json: "live.json",
    data: { commit, machine, rounds, result, budget: BUDGET },
  });
  if (!ok) process.exitCode = 1;
}

/** How many `live: … rendered again` lines the server has printed so far. */
function countRerenders(app) {
  return [...app.out().matchAll(/live: \S+ pages rendered again in (\d+) ms/g)].length;
}

/** The time of the first re-render printed after `seen` lines (waits for it up to 10 s). */
async function lastRerender(app, seen) {
  const until = performance.now() + 10_000;
  for (;;) {
    const lines = [...app.out().matchAll(/live: \S+ pages rendered again in (\d+) ms/g)];
    if (lines.length > seen) return Number(lines[seen][1]);
    if (performance.now() > until) throw new Error("the server printed no re-render");
    await sleep(20);
  }
}

await main();
