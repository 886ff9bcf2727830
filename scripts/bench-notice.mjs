/**
 * A 40-page recruitment notice uploaded in the console (issue 43, item 2): the time from sending
 * the upload (POST /admin/media/pdf, as the console's file slot sends it) to its answer, which comes
 * once the PDF is stored and its pages' sizes read, before a page is drawn. Budget: 2 s. Then the
 * time until the job has drawn every page (GET /admin/media/jobs, polled every 200 ms), a figure
 * without a budget. Each round uploads different bytes (its own page text), so nothing is skipped
 * as already stored. Not a test: `npm run bench` builds first. Starts `npm start`'s server
 * (SQLite, fresh data folder).
 *
 *   node scripts/bench-notice.mjs [--rounds 3]
 *
 * Writes bench-results/notice.json and its block of docs/benchmarks.md; exit code 1 on a miss.
 */
/* global fetch, performance, FormData, Blob */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { PDFDocument, StandardFonts } from "pdf-lib";
import {
  commit,
  loadAverage,
  machine,
  median,
  option,
  signInAdmin,
  startApp,
  writeFigures,
} from "./bench-helpers.mjs";

const PAGES = 40;
const BUDGET_MS = 2000;
const ROUNDS = Number(option("--rounds") ?? 3);
const BUILD_DIR = process.env.BUILD_DIR || "build";

/** A notice of `PAGES` A4 pages of small print, each naming `round`. */
async function notice(round) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= PAGES; n++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Notice ${round}, page ${n}`, { x: 60, y: 780, size: 24, font });
    for (let line = 0; line < 70; line++)
      page.drawText(`${n}.${line} Supply, eligibility, schedule and price terms (${round}).`, {
        x: 40,
        y: 750 - line * 10,
        size: 8,
        font,
      });
  }
  return doc.save();
}

async function round(app, cookie, n) {
  const form = new FormData();
  form.append("file", new Blob([await notice(n)], { type: "application/pdf" }), "모집공고.pdf");
  const sent = performance.now();
  const res = await fetch(`${app.url}/admin/media/pdf`, {
    method: "POST",
    headers: { Origin: app.url, Cookie: cookie },
    body: form,
  });
  const answer = await res.json();
  const answeredMs = Math.round(performance.now() - sent);
  if (!res.ok || !answer.ok)
    throw new Error(`upload refused: ${res.status} ${JSON.stringify(answer)}`);
  const src = answer.value.src;
  for (;;) {
    const jobs = await (
      await fetch(`${app.url}/admin/media/jobs?src=${encodeURIComponent(src)}`, {
        headers: { Cookie: cookie },
      })
    ).json();
    const job = jobs.jobs[src];
    if (job?.status === "failed") throw new Error(`job failed: ${job.error}`);
    if (!job || job.status === "done") break;
    if (performance.now() - sent > 600_000)
      throw new Error("the pages were not drawn in 10 minutes");
    await sleep(200);
  }
  const drawnMs = Math.round(performance.now() - sent);
  console.log(
    `notice ${n}: answered in ${answeredMs} ms, ${PAGES} pages drawn after ${drawnMs} ms`,
  );
  return { answeredMs, drawnMs };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-notice-"));
  const app = await startApp({ buildDir: BUILD_DIR, env: { DATA_DIR: dataDir } });
  const rounds = [];
  try {
    const cookie = await signInAdmin(app);
    for (let n = 1; n <= ROUNDS; n++) rounds.push(await round(app, cookie, n));
  } catch (error) {
    process.stderr.write(`server's log:\n${app.log().slice(-3000)}\n`);
    throw error;
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const answered = median(rounds.map((r) => r.answeredMs));
  const drawn = median(rounds.map((r) => r.drawnMs));
  const ok = answered <= BUDGET_MS;
  const text = [
    `${new Date().toISOString().slice(0, 16)} UTC, commit ${commit}, ${machine}, load average ${loadAverage()}.`,
    `\`node scripts/bench-notice.mjs\`: a ${PAGES}-page notice uploaded ${ROUNDS} times (different bytes each time), medians.`,
    "",
    "| figure | value | budget |",
    "| --- | --- | --- |",
    `| upload sent → answered (stored, pages' sizes read) | ${answered} ms | ≤ ${BUDGET_MS} ms |`,
    `| upload sent → every page drawn by the job | ${(drawn / 1000).toFixed(1)} s | |`,
  ].join("\n");
  console.log(`\n${text}\n`);
  writeFigures({
    name: "notice",
    heading: "A 40-page notice uploaded",
    figures: text,
    json: "notice.json",
    data: { rounds },
  });
  if (!ok) {
    console.error(
      `bench-notice: the upload was answered in ${answered} ms (budget ${BUDGET_MS} ms)`,
    );
    process.exitCode = 1;
  }
}

await main();
