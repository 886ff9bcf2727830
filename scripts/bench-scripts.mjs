/**
 * The JavaScript each public page of every complex carries, as a visitor's browser gets it: the
 * inline scripts of its HTML (app/inline and the web font's, gzip of their text) and the script
 * files it fetches from /assets/ until its behaviour has attached (`<html data-hydrated>`, gzip of
 * each built file), beside turn 3's figure (docs/benchmarks.md: 5.2–17.4 KB gzip per page, home
 * 17.4, lead-form pages 11.1, the rest 5.2–7.2; Lighthouse's figure of the same files, before the
 * pages' own module grew to 61–83 KB by pulling React back in, issue 28). Public pages carry no
 * React (docs/decisions/014; the build fails if their script reaches it,
 * scripts/vite-enhance-entry.ts). Budgets: a page's files at most 1.1 × turn 3's figure (the live
 * notice, visit slots and ad tags came after it) and its inline code at most INLINE_BUDGET_KB
 * (gzip of all of it together, as it travels inside the page's compressed HTML).
 *
 *   node scripts/bench-scripts.mjs [--sites anyang]
 *
 * Honours BUILD_DIR and CHROME_PATH. Writes bench-results/scripts.json and its block of
 * docs/benchmarks.md; exit code 1 on a miss.
 */
/* global document */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import {
  CHROMIUM_ARGS,
  commit,
  htmlPaths,
  listOption,
  sitesOf,
  startApp,
  stopOnInterrupt,
  writeFigures,
} from "./bench-helpers.mjs";
import { readSitePages } from "../server/render-site.js";

const KB = 1024;

/** Turn 3's JavaScript per page, KB gzip (docs/benchmarks.md, commit 789b190, 2026-11-23). */
export function turn3Kb(html) {
  if (/\sdata-home(=|\s|>)/.test(html)) return 17.4;
  // A page with a lead form of its own (the popup's, in its <template>, was not loaded then).
  if (/<form\b[^>]*\sdata-lead-form/.test(html.replace(/<template\b[\s\S]*?<\/template>/gi, "")))
    return 11.1;
  return 7.2;
}

export const FILES_BUDGET = (turn3) => turn3 * 1.1;
export const INLINE_BUDGET_KB = 5;

const gzipKb = (text) => gzipSync(text).length / KB;
const kb = (n) => n.toFixed(1);

/** Inline scripts a browser runs (no src, not a data block): gzip of their text together. */
function inlineKb(html) {
  let code = "";
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc=/.test(attrs) || /type="(application\/(ld\+)?json|text\/x-)/.test(attrs)) continue;
    code += body;
  }
  return gzipKb(code);
}

async function main() {
  const buildDir = process.env.BUILD_DIR || "build";
  const clientDir = resolve(buildDir, "client");
  const only = listOption("--sites");
  const ids = (await sitesOf(buildDir)).ids().filter((id) => !only || only.includes(id));
  const app = await startApp({ buildDir });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  stopOnInterrupt(async () => {
    await browser.close();
    await app.stop();
  });
  const rows = [];
  try {
    for (const id of ids) {
      const { pages } = readSitePages(buildDir, id);
      const origin = `http://${id}.localhost:${app.port}`;
      for (const path of htmlPaths(pages)) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
        const page = await context.newPage();
        const files = new Set();
        page.on("request", (request) => {
          const url = new URL(request.url());
          if (url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js"))
            files.add(url.pathname);
        });
        await page.goto(origin + path);
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", {
          timeout: 30_000,
        });
        const html = pages[path].html;
        let filesKb = 0;
        for (const file of files) {
          const built = join(clientDir, file);
          if (existsSync(built)) filesKb += gzipKb(readFileSync(built));
        }
        const row = {
          site: id,
          path,
          inlineKb: Number(kb(inlineKb(html))),
          filesKb: Number(kb(filesKb)),
          files: files.size,
          turn3Kb: turn3Kb(html),
        };
        row.totalKb = Number(kb(row.inlineKb + row.filesKb));
        row.miss = row.filesKb > FILES_BUDGET(row.turn3Kb) || row.inlineKb > INLINE_BUDGET_KB;
        rows.push(row);
        process.stderr.write(
          `${id} ${path}: inline ${row.inlineKb} + files ${row.filesKb} (${row.files}) = ${row.totalKb} KB gz (turn 3's files: ${row.turn3Kb})${row.miss ? " — over budget" : ""}\n`,
        );
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await app.stop();
  }

  const missed = rows.filter((r) => r.miss);
  const figures = [
    `Commit ${commit}, ${new Date().toISOString().slice(0, 16)} UTC, \`node scripts/bench-scripts.mjs\`: KB gzip per page at 390 px, its inline code (together) and the files (count) it fetched until its behaviour attached, beside turn 3's figure for its files. Budgets: files ≤ 1.1 × turn 3, inline ≤ ${INLINE_BUDGET_KB} KB.`,
    "",
    "| complex | page | inline | files | total | turn 3 (files) |",
    "|---|---|---:|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${r.site} | ${r.path} | ${kb(r.inlineKb)} | ${kb(r.filesKb)} (${r.files})${r.miss ? " **over**" : ""} | ${kb(r.totalKb)} | ${kb(r.turn3Kb)} |`,
    ),
    "",
    missed.length
      ? `**${missed.length} of ${rows.length} pages over budget.**`
      : `All ${rows.length} pages within budget.`,
  ].join("\n");
  writeFigures({
    name: "scripts",
    heading: "Script bytes per page (npm run bench)",
    figures,
    json: "scripts.json",
    data: { commit, rows },
  });
  console.log(figures);
  if (missed.length) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
