/**
 * Interaction to Next Paint of the interactions issue 21 asks to stay instant (item 5), on every
 * complex: opening the registration popup, opening the mobile menu, switching a unit tab on the
 * home page and moving the premium slider. Each is measured on a fresh page load of the built
 * server, in Debian's Chromium through playwright-core (never a downloaded browser), on a phone
 * (390 × 844, touch, 3× pixels) with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), by
 * the `web-vitals` library's onINP (reportAllChanges, the lowest durationThreshold, 16 ms: the
 * first input is reported whatever its length). The page's own behaviour must have attached
 * (`<html data-hydrated="true">`) before the tap; each interaction is the only one of its load
 * (what comes before it, opening the slider's accordion, is done by script, which is no
 * interaction) and the page is idle: its pictures loaded, the fade-ins that scrolling to the
 * control started played. Chromium has a Korean font, as a phone has (koreanFontEnv,
 * docs/decisions/026). Median of BENCH_INP_RUNS (default 3) loads; budget 100 ms.
 *
 *   node scripts/bench-inp.mjs [--sites anyang]
 *
 * Honours BUILD_DIR and CHROME_PATH. Writes bench-results/inp.json and its block of
 * docs/benchmarks.md; exit code 1 on a miss.
 */
/* global document, requestAnimationFrame, requestIdleCallback, window */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { chromium } from "playwright-core";
import {
  CHROMIUM_ARGS,
  commit,
  koreanFontEnv,
  listOption,
  loadAverage,
  machine,
  median,
  sitesOf,
  startApp,
  stopOnInterrupt,
  writeFigures,
} from "./bench-helpers.mjs";
import { benchToolPath } from "./bench-tools.mjs";

export const INP_BUDGET_MS = 100;
export const CPU_SLOWDOWN = 4;
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};

const WEB_VITALS = readFileSync(
  join(dirname(benchToolPath("web-vitals")), "web-vitals.iife.js"),
  "utf8",
);
/** Every INP the page reports, in order (reportAllChanges), on `window.__inp`. */
export const RECORD_INP = `${WEB_VITALS}
window.__inp = [];
webVitals.onINP((m) => window.__inp.push(Math.round(m.value)), { reportAllChanges: true, durationThreshold: 16 });`;

/**
 * The interactions: the page, what prepares it without being an interaction, the element tapped
 * and what shows that it answered.
 */
export const INTERACTIONS = [
  {
    name: "registration popup opens",
    path: "/",
    tap: (page) => page.locator("a[data-register-trigger]:visible").first(),
    answered: "dialog[open]",
  },
  {
    name: "mobile menu opens",
    path: "/",
    tap: (page) => page.locator("[data-menu-toggle]"),
    answered: '[data-menu-toggle][aria-expanded="true"]',
  },
  {
    name: "unit tab switches (home)",
    path: "/",
    tap: (page) => page.locator("[data-unit-viewer] .unit-tab").nth(1),
    answered: '[data-unit-viewer] .unit-tab[aria-selected="true"]:nth-child(2)',
  },
  {
    name: "premium slider moves (home)",
    path: "/",
    // Its accordion opened by script (which loads the carousel), then its second dot tapped.
    async prepare(page) {
      await page.evaluate(() => {
        const details = document.querySelector("[data-premium-slider]")?.closest("details");
        if (details) details.open = true;
      });
      await page.waitForSelector('[data-premium-slider][data-ready="true"]');
    },
    tap: (page) => page.locator("[data-premium-slider] .slider-dot").nth(1),
    answered: '[data-premium-slider] .slider-dot[aria-current="true"]:nth-child(2)',
  },
];

/** One load of `url` and one interaction on it; its INP in ms (null when none was reported). */
async function measureOnce(browser, url, interaction) {
  const context = await browser.newContext(PHONE);
  try {
    await context.addInitScript({ content: RECORD_INP });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 30_000 });
    await interaction.prepare?.(page);
    // The tap comes once the page is idle (its pictures and deferred work done, or 3 s), so the
    // figure is the interaction's, not the tail of the load's.
    await page.waitForLoadState("networkidle");
    await page.evaluate(
      () => new Promise((r) => requestIdleCallback(() => r(undefined), { timeout: 3000 })),
    );
    const target = interaction.tap(page);
    await target.scrollIntoViewIfNeeded();
    // Two frames after the scroll, so the tap does not land during it, and once the fade-ins the
    // scroll started have played (under a second and a half): the figure is the tap's.
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    await page.evaluate(() =>
      Promise.race([
        Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))),
        new Promise((r) => setTimeout(r, 3000)),
      ]),
    );
    await target.tap();
    await page.waitForSelector(interaction.answered, { state: "attached", timeout: 10_000 });
    // The event timing entry is delivered after the next paint: wait for it.
    await page
      .waitForFunction(() => window.__inp.length > 0, undefined, { timeout: 5_000 })
      .catch(() => {});
    const values = await page.evaluate(() => window.__inp);
    return values.length ? Math.max(...values) : null;
  } finally {
    await context.close();
  }
}

export function inpTable(rows) {
  const lines = [
    `| complex | interaction | INP ms (median) | runs | ≤ ${INP_BUDGET_MS} ms |`,
    "| --- | --- | ---: | --- | --- |",
  ];
  for (const r of rows)
    lines.push(
      `| ${r.site} | ${r.interaction} | ${r.inpMs ?? "none reported"} | ${r.runs.map((v) => v ?? "–").join(", ")} | ${inpMet(r) ? "met" : "**MISSED**"} |`,
    );
  return lines.join("\n");
}

const inpMet = (row) => row.inpMs !== null && row.inpMs <= INP_BUDGET_MS;

async function main() {
  const buildDir = process.env.BUILD_DIR || "build";
  const runs = Number(process.env.BENCH_INP_RUNS || 3);
  const onlySites = listOption("--sites");
  // --only popup,menu: the interactions whose name contains one of these words.
  const only = listOption("--only");
  const interactions = INTERACTIONS.filter((i) => !only || only.some((w) => i.name.includes(w)));
  const ids = (await sitesOf(buildDir)).ids().filter((id) => !onlySites || onlySites.includes(id));
  process.stderr.write(
    `bench-inp: ${ids.length} complexes × ${interactions.length} interactions × ${runs} loads, about ${Math.ceil((ids.length * interactions.length * runs * 8) / 60)} min. Load average ${loadAverage()}.\n`,
  );
  const started = Date.now();
  const loadAtStart = loadAverage();
  const app = await startApp({ buildDir });
  await app.printed(/pages compressed/);
  const korean = koreanFontEnv();
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
    env: korean.env,
  });
  const stopAll = async () => {
    await browser.close();
    await app.stop();
  };
  stopOnInterrupt(stopAll);
  const rows = [];
  try {
    for (const id of ids) {
      for (const interaction of interactions) {
        const url = `http://${id}.localhost:${app.port}${interaction.path}`;
        const values = [];
        for (let run = 1; run <= runs; run++) {
          let value;
          try {
            value = await measureOnce(browser, url, interaction);
          } catch (error) {
            process.stderr.write(`${id} ${interaction.name}: ${error.message.split("\n")[0]}\n`);
            value = null;
          }
          values.push(value);
          process.stderr.write(
            `${id} ${interaction.name} ${run}/${runs}: INP ${value ?? "none"} ms\n`,
          );
        }
        const reported = values.filter((v) => v !== null);
        rows.push({
          site: id,
          interaction: interaction.name,
          // A load without a figure counts as a miss: the median only of complete sets.
          inpMs: reported.length === values.length ? median(reported) : null,
          runs: values,
        });
      }
    }
  } finally {
    await stopAll();
  }
  const meta = {
    date: new Date().toISOString(),
    commit,
    machine,
    buildDir,
    font: korean.font,
    runs,
    seconds: Math.round((Date.now() - started) / 1000),
    loadAverage: { start: loadAtStart, end: loadAverage() },
  };
  const missed = rows.filter((r) => !inpMet(r));
  const figures = [
    `- Date: ${meta.date}`,
    `- Commit: ${meta.commit}`,
    `- Machine: ${meta.machine}`,
    `- Chromium (playwright-core), phone 390 × 844 at 3×, touch, CPU ${CPU_SLOWDOWN}× slower; web-vitals onINP; median of ${runs} page loads, one interaction each. Korean font: ${meta.font}.`,
    `- ${meta.seconds} s; load average (1, 5, 15 min) at start ${meta.loadAverage.start}, when done ${meta.loadAverage.end}.`,
    "",
    inpTable(rows),
    "",
    missed.length
      ? `**${missed.length} of ${rows.length} interactions miss ${INP_BUDGET_MS} ms.**`
      : `All ${rows.length} interactions within ${INP_BUDGET_MS} ms.`,
  ].join("\n");
  writeFigures({
    name: "bench-inp",
    heading: "Interactions (npm run bench)",
    figures,
    json: "inp.json",
    data: { ...meta, rows },
  });
  console.log(figures);
  if (missed.length) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
