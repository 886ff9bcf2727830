/**
 * Every prerendered page of every complex against its floor (issue 21): the same HTML as the
 * server sends it, with its stylesheets inlined and its scripts and web font removed, served with
 * the same compression from a static server beside it (scripts/floor-server.mjs). The floor is what
 * the page would cost with nothing but its markup, styles and pictures; the budget is to paint
 * within 1.1× of it.
 *
 *   node scripts/bench-floor.mjs                                every page of every complex
 *   node scripts/bench-floor.mjs --sites anyang --routes /,/FloorPlan/59A
 *   node scripts/bench-floor.mjs --no-console                 without the complex made in the console
 *
 * Lighthouse 12 mobile (its default: simulated slow 4G, 4× CPU slowdown) in one Chrome, one run at
 * a time: one uncounted warm-up of each server, then per page the page and its floor alternately,
 * BENCH_FLOOR_RUNS (default 3) times each; the figures are the medians. Budgets per page: LCP and
 * FCP at most 1.1× the floor's, CLS 0, performance at least 97 (TBT is printed, not judged: on
 * this shared machine it is mostly the neighbours). Honours BUILD_DIR and CHROME_PATH.
 * Writes bench-results/floor.json and its block of docs/benchmarks.md; exit code 1 on a miss.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createHash } from "node:crypto";
import { parse } from "yaml";
import { readSitePages } from "../server/render-site.js";
import {
  CHROME_FLAGS,
  commit,
  freePort,
  htmlPaths,
  koreanFontEnv,
  lighthouseFlags,
  listOption,
  loadAverage,
  machine,
  sitesOf,
  startApp,
  stopOnInterrupt,
  writeFigures,
} from "./bench-helpers.mjs";
import { lighthouseTools } from "./bench-tools.mjs";
import { figure, medianRow, summarize } from "./bench.mjs";
import { makeConsoleComplex } from "./console-complex.mjs";

export const BUDGETS = { ratio: 1.1, cls: 0, performance: 97 };

/** The complex made in the console for the bench (scripts/console-complex.mjs), and its pages. */
const CONSOLE = {
  id: "dongtan",
  from: "suwon",
  routes() {
    const source = parse(readFileSync("sites/suwon/site.yaml", "utf8"));
    return ["/", `/FloorPlan/${source.unitTypes[0].key}`, "/Brand/intro"];
  },
};
/** What one Lighthouse mobile run took here (2 cores, other work beside it); refined after the warm-up. */
const SECONDS_PER_RUN = 12;

/* ----- the floor of a page (pure) ----- */

/** The attributes of a start tag, names lower-cased (values as written: hashed asset names need no decoding). */
function attributes(tag) {
  const attrs = {};
  const body = tag.replace(/^<[a-z]+/i, "").replace(/\/?>$/, "");
  for (const m of body.matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    attrs[m[1].toLowerCase()] = (m[2] ?? m[3] ?? m[4] ?? "").replaceAll("&amp;", "&");
  }
  return attrs;
}

/**
 * A stylesheet as the floor inlines it: its `@font-face` rules that fetch a file dropped (the
 * fallback faces built from local() system fonts stay, so the floor's text has the metrics the
 * page's text has before the web font arrives), and each relative `url()` resolved against the
 * stylesheet's own path, since the page now holds it.
 */
export function floorCss(css, href) {
  const base = new URL(href, "http://floor/");
  return css
    .replace(/@font-face\s*\{[^}]*\}/gi, (rule) => (/url\(/i.test(rule) ? "" : rule))
    .replace(/url\(\s*(["']?)([^"')]+)\1\s*\)/gi, (whole, quote, url) => {
      if (/^(data:|[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(url)) return whole;
      const resolved = new URL(url, base);
      return `url(${quote}${resolved.pathname}${resolved.search}${resolved.hash}${quote})`;
    });
}

/** The `href` of each `<link rel=stylesheet>` of a page, in order. */
export function stylesheetHrefs(html) {
  return [...html.matchAll(/<link\b[^>]*>/gi)]
    .map(([tag]) => attributes(tag))
    .filter((a) => (a.rel ?? "").toLowerCase().split(/\s+/).includes("stylesheet"))
    .map((a) => a.href);
}

/**
 * The floor of a page: every `<script>` removed (module, inline, JSON), module preloads and
 * preloads of fonts, scripts and styles removed, the page's own inline rules (its critical CSS,
 * server/critical-css.js) removed, and every `<link rel=stylesheet>`, wherever it is, replaced by a
 * `<style>` at the end of the head holding `stylesheet(href)` through floorCss: the page with all
 * its CSS inline, as issue 21 defines the floor. Everything else, pictures and their preloads
 * included, stays as the server sent it.
 *
 * @param {string} html
 * @param {(href: string) => string} stylesheet the text of the stylesheet at `href`
 */
export function floorHtml(html, stylesheet) {
  const styles = [];
  const out = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "")
    .replace(/<style\b[^>]*>[\s\S]*?<\/style\s*>/gi, "")
    .replace(/<link\b[^>]*>/gi, (tag) => {
      const attrs = attributes(tag);
      const rel = (attrs.rel ?? "").toLowerCase().split(/\s+/);
      if (rel.includes("stylesheet")) {
        const css = floorCss(stylesheet(attrs.href), attrs.href).replaceAll("</style", "<\\/style");
        styles.push(
          attrs.media ? `<style media="${attrs.media}">${css}</style>` : `<style>${css}</style>`,
        );
        return "";
      }
      if (rel.some((r) => r.endsWith("modulepreload"))) return "";
      const as = (attrs.as ?? "").toLowerCase();
      if (rel.includes("preload") && ["font", "script", "style"].includes(as)) return "";
      return tag;
    });
  const head = out.indexOf("</head>");
  return head === -1
    ? styles.join("") + out
    : out.slice(0, head) + styles.join("") + out.slice(head);
}

/* ----- budgets and the table ----- */

const ratio = (page, floor) => (floor > 0 ? Number((page / floor).toFixed(2)) : null);

/** The budgets a row (a page's median figures beside its floor's) misses, as short labels. */
export function floorMisses(row) {
  const error = row.page.runtimeError ?? row.floor.runtimeError;
  if (error) return [`error: ${error}`];
  const out = [];
  if (row.lcpRatio === null || row.lcpRatio > BUDGETS.ratio)
    out.push(`LCP ${row.lcpRatio}× > ${BUDGETS.ratio}×`);
  if (row.fcpRatio === null || row.fcpRatio > BUDGETS.ratio)
    out.push(`FCP ${row.fcpRatio}× > ${BUDGETS.ratio}×`);
  if (row.page.cls > BUDGETS.cls) out.push(`CLS ${row.page.cls} > ${BUDGETS.cls}`);
  if (row.page.performance < BUDGETS.performance)
    out.push(`perf ${row.page.performance} < ${BUDGETS.performance}`);
  return out;
}

/** A page's row: its medians, its floor's, and the two ratios. */
export function floorRow(site, route, pageRuns, floorRuns) {
  const page = medianRow(pageRuns);
  const floor = medianRow(floorRuns);
  return {
    site,
    route,
    lcpRatio: ratio(page.lcpMs, floor.lcpMs),
    fcpRatio: ratio(page.fcpMs, floor.fcpMs),
    page,
    floor,
  };
}

const mark = (ok) => (ok ? "met" : "**MISSED**");

export function floorTable(rows) {
  const lines = [
    "| page | LCP ms | floor LCP ms | LCP ratio ≤ 1.1 | FCP ms | floor FCP ms | FCP ratio ≤ 1.1 | CLS = 0 | TBT ms | perf ≥ 97 |",
    "| --- | ---: | ---: | --- | ---: | ---: | --- | --- | ---: | --- |",
  ];
  for (const r of rows) {
    const { page, floor } = r;
    if (page.runtimeError || floor.runtimeError) {
      lines.push(`| ${r.route} | ${floorMisses(r).join("; ")} |||||||||`);
      continue;
    }
    lines.push(
      `| ${r.route} | ${figure(page, "lcpMs")} | ${figure(floor, "lcpMs")} | ${r.lcpRatio} ${mark(r.lcpRatio !== null && r.lcpRatio <= BUDGETS.ratio)} | ${figure(page, "fcpMs")} | ${figure(floor, "fcpMs")} | ${r.fcpRatio} ${mark(r.fcpRatio !== null && r.fcpRatio <= BUDGETS.ratio)} | ${page.cls} ${mark(page.cls <= BUDGETS.cls)} | ${figure(page, "tbtMs")} (floor ${floor.tbtMs}) | ${figure(page, "performance")} ${mark(page.performance >= BUDGETS.performance)} |`,
    );
  }
  return lines.join("\n");
}

/* ----- the run ----- */

/**
 * GET `path` from the production server as `host` asks for it, uncompressed; the text. With
 * node:http, since fetch() does not send a Host header of its own.
 */
function fetchText(port, host, path) {
  return new Promise((done, fail) => {
    get(
      { host: "127.0.0.1", port, path, headers: { host, "accept-encoding": "identity" } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () =>
          res.statusCode === 200
            ? done(text)
            : fail(new Error(`${host}${path}: ${res.statusCode}`)),
        );
      },
    ).on("error", fail);
  });
}

/** Each measured page's floor, as the production server on `port` sends the page and its styles. */
async function buildFloors(port, sites) {
  const out = {};
  for (const { id, routes } of sites) {
    const host = `${id}.localhost:${port}`;
    const styles = new Map();
    for (const route of routes) {
      const html = await fetchText(port, host, route);
      for (const href of stylesheetHrefs(html))
        if (!styles.has(href)) styles.set(href, await fetchText(port, host, href));
      const floor = floorHtml(html, (href) => {
        const css = styles.get(href);
        if (css === undefined) throw new Error(`${route}: stylesheet ${href} not fetched`);
        return css;
      });
      (out[id] ??= {})[route] = {
        html: floor,
        type: "text/html; charset=utf-8",
        etag: `"${createHash("sha1").update(floor).digest("base64url")}"`,
      };
    }
  }
  return out;
}

/** The largest contentful paint's element, as Lighthouse names it (its selector), to compare page and floor. */
function lcpElement(lhr) {
  const table = lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0];
  return table?.items?.[0]?.node?.selector ?? null;
}

/** scripts/floor-server.mjs on a free port, once it listens and has compressed every floor. */
async function startFloorServer(file) {
  const port = await freePort();
  const child = spawn(process.execPath, ["scripts/floor-server.mjs", file, String(port)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  // Every floor of both sample complexes (all of a page's CSS inline) compresses in about 2 s.
  for (const until = Date.now() + 3 * 60_000; !/pages compressed/.test(out); await sleep(100)) {
    if (child.exitCode !== null || Date.now() > until)
      throw new Error(`floor server did not start:\n${out}`);
  }
  return {
    port,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once("exit", done);
        child.kill("SIGTERM");
      }),
  };
}

async function main() {
  const { lighthouse, launch, version } = await lighthouseTools();
  const buildDir = process.env.BUILD_DIR || "build";
  const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
  const runs = Number(process.env.BENCH_FLOOR_RUNS || 3);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error("BENCH_FLOOR_RUNS is a whole number ≥ 1");
  const onlySites = listOption("--sites");
  const onlyRoutes = listOption("--routes");

  // A complex made in the console (uploaded pictures from the media store, its own font file),
  // measured on a few pages: its home, the floor plan uploaded, an inner page.
  const consoleMade =
    !process.argv.includes("--no-console") && (!onlySites || onlySites.includes(CONSOLE.id));
  const ids = (await sitesOf(buildDir)).ids().filter((id) => !onlySites || onlySites.includes(id));
  const sites = ids.map((id) => {
    const rendered = readSitePages(buildDir, id);
    if (!rendered) throw new Error(`${buildDir}/sites/${id}.json is missing: run npm run build`);
    const all = htmlPaths(rendered.pages);
    const routes = onlyRoutes ? onlyRoutes.filter((r) => all.includes(r)) : all;
    const absent = (onlyRoutes ?? []).filter((r) => !all.includes(r));
    if (absent.length) process.stderr.write(`${id} has no page ${absent.join(", ")}: left out\n`);
    return { id, routes };
  });
  if (consoleMade) {
    const all = CONSOLE.routes();
    sites.push({
      id: CONSOLE.id,
      routes: onlyRoutes ? onlyRoutes.filter((r) => all.includes(r)) : all,
    });
  }
  const pageCount = sites.reduce((n, s) => n + s.routes.length, 0);
  if (!pageCount) throw new Error("no page to measure (check --sites and --routes)");
  const total = pageCount * 2 * runs + 2;
  process.stderr.write(
    `bench-floor: ${pageCount} pages (${sites.map((s) => `${s.id} ${s.routes.length}`).join(", ")}) × page and floor × ${runs} runs + 2 warm-ups = ${total} Lighthouse runs, about ${Math.ceil((total * SECONDS_PER_RUN) / 60)} min at ${SECONDS_PER_RUN} s each. Load average ${loadAverage()}.\n`,
  );

  const started = Date.now();
  const loadAtStart = loadAverage();
  const app = await startApp({ buildDir });
  // Measure once the server has compressed its pages in the background (fast-pages.js).
  await app.printed(/pages compressed/);
  if (consoleMade) {
    const made = await makeConsoleComplex({ url: app.url, id: CONSOLE.id, from: CONSOLE.from });
    process.stderr.write(`${CONSOLE.id} made in the console and published in ${made.seconds} s\n`);
  }
  const tmp = mkdtempSync(join(tmpdir(), "bench-floor-"));
  const floorsFile = join(tmp, "floors.json");
  writeFileSync(
    floorsFile,
    JSON.stringify({ target: app.port, sites: await buildFloors(app.port, sites) }),
  );
  const floorServer = await startFloorServer(floorsFile);
  process.stderr.write(`pages on :${app.port}, their floors on :${floorServer.port}\n`);
  const korean = koreanFontEnv();
  const chrome = await launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    envVars: korean.env,
    logLevel: "silent",
  });
  const stopAll = async () => {
    chrome.kill();
    await Promise.all([app.stop(), floorServer.stop()]);
    rmSync(tmp, { recursive: true, force: true });
  };
  stopOnInterrupt(stopAll);
  const flags = lighthouseFlags(chrome.port, ["performance"]);
  // Same host names on both servers (Chrome answers every *.localhost itself), so the two differ
  // only in their port.
  const urlOf = (variant, id, route) =>
    `http://${id}.localhost:${variant === "page" ? app.port : floorServer.port}${route}`;
  async function measure(variant, id, route) {
    const runner = await lighthouse(urlOf(variant, id, route), flags);
    if (!runner) throw new Error(`Lighthouse gave no result for ${variant} ${id}${route}`);
    return { ...summarize(runner.lhr), lcpElement: lcpElement(runner.lhr) };
  }

  const results = [];
  try {
    // One uncounted run on each server: the first runs in a fresh Chrome come out slower.
    const first = sites.find((s) => s.routes.length);
    const warmStart = Date.now();
    await measure("page", first.id, first.routes[0]);
    await measure("floor", first.id, first.routes[0]);
    const perRun = (Date.now() - warmStart) / 2000;
    process.stderr.write(
      `warm-up: ${perRun.toFixed(1)} s per run; about ${Math.ceil(((total - 2) * perRun) / 60)} min to go\n`,
    );
    let done = 0;
    for (const { id, routes } of sites) {
      for (const route of routes) {
        const pageRuns = [];
        const floorRuns = [];
        for (let run = 1; run <= runs; run++) {
          for (const [variant, into] of [
            ["page", pageRuns],
            ["floor", floorRuns],
          ]) {
            const r = await measure(variant, id, route);
            into.push(r);
            process.stderr.write(
              `[${++done}/${total - 2}] ${id} ${route} ${variant} ${run}/${runs}: LCP ${r.lcpMs} FCP ${r.fcpMs} CLS ${r.cls} TBT ${r.tbtMs} perf ${r.performance} (LCP ${r.lcpElement})${r.runtimeError ? ` error ${r.runtimeError}` : ""}\n`,
            );
          }
        }
        const row = floorRow(id, route, pageRuns, floorRuns);
        results.push(row);
        const missed = floorMisses(row);
        process.stderr.write(
          `${id} ${route}: LCP ${row.lcpRatio}× FCP ${row.fcpRatio}× of the floor — ${missed.join("; ") || "within budget"}\n`,
        );
      }
    }
  } finally {
    await stopAll();
  }

  const meta = {
    date: new Date().toISOString(),
    commit,
    machine,
    lighthouse: version,
    buildDir,
    font: korean.font,
    runs,
    pages: pageCount,
    seconds: Math.round((Date.now() - started) / 1000),
    loadAverage: { start: loadAtStart, end: loadAverage() },
  };
  const failing = results.filter((r) => floorMisses(r).length);
  const figures = [
    `- Date: ${meta.date}`,
    `- Commit: ${meta.commit}`,
    `- Machine: ${meta.machine}`,
    `- Lighthouse ${meta.lighthouse}, mobile (simulated slow 4G, 4× CPU slowdown); each figure the median of ${runs} run(s) (range in brackets), page and floor alternately, after one uncounted run of each. Chromium's Korean font: ${meta.font}.`,
    `- ${pageCount} pages${onlySites || onlyRoutes ? ` (narrowed: ${[onlySites && `--sites ${onlySites.join(",")}`, onlyRoutes && `--routes ${onlyRoutes.join(",")}`].filter(Boolean).join(" ")})` : ""} in ${meta.seconds} s; load average (1, 5, 15 min) at start ${meta.loadAverage.start}, when done ${meta.loadAverage.end}.`,
    "",
    ...sites.flatMap(({ id }) => {
      const rows = results.filter((r) => r.site === id);
      return rows.length ? [`### ${id}`, "", floorTable(rows), ""] : [];
    }),
    failing.length
      ? `**${failing.length} of ${results.length} pages miss a budget:** ${failing.map((r) => `${r.site} ${r.route} (${floorMisses(r).join("; ")})`).join(", ")}.`
      : `All ${results.length} pages within budget.`,
  ].join("\n");
  writeFigures({
    name: "bench-floor",
    heading: "Pages against their floor (npm run bench)",
    figures,
    json: "floor.json",
    data: { ...meta, results },
  });
  console.log(figures);
  if (failing.length) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
