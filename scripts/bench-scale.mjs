/**
 * Scale benchmark (issue 18): what each complex a deployment serves costs. Not a test: `npm run
 * bench` runs it after the build. In a temporary copy of sites/ (SITES_DIR), it measures the two
 * sample complexes, then adds BENCH_COMPLEXES (default 20) more with `npm run sites -- new`,
 * alternately from each sample (hosts c01.example.com, …), and measures again:
 *   (a) build time per extra complex: the build steps whose work grows with the complexes, timed
 *       with the samples and with all of them, the difference divided by the extra ones:
 *       `npm run images` (a complex's own pictures) and scripts/render-sites.mjs (its pages).
 *       The React Router build and the font subset are done once for all complexes (copies add no
 *       characters to the font) and are not timed here.
 *   (b) time from spawning `node server/index.js` to its first 200 answer (it listens once every
 *       complex's pages are in memory and compressed);
 *   (c) the server's resident memory (/proc/<pid>/status VmRSS) after start and after the load;
 *   (d) for every complex, requests per second of /Brand/intro through the server (Host
 *       <id>.localhost:<port>) against a bare Node HTTP server sending the same bytes: a/b.
 * autocannon holds 50 connections for BENCH_SECONDS (default 2) per run, BENCH_ROUNDS (default 5)
 * alternating pairs of runs per complex, the median pair reported. Honours BUILD_DIR (it
 * builds there first if it holds no build). Prints Markdown and writes bench-results/scale.json and
 * docs/benchmarks.md (between the bench-scale markers). Leaves no complex behind: the temporary
 * sites, their pictures in public/img/sites/ and public/img/art/ and their pages in <BUILD_DIR>/sites/ are removed.
 */
/* global performance */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import {
  childrenCpuMs,
  commit,
  cpuMs,
  load,
  loadAverage,
  machine,
  rssMb,
  startApp,
  againstBareStatic,
  writeFigures,
} from "./bench-helpers.mjs";
import { readSitePages } from "../server/render-site.js";

const BUILD_DIR = process.env.BUILD_DIR || "build";
const SECONDS = Number(process.env.BENCH_SECONDS || 2);
/** a/b rounds per complex; the median round is its figure. */
const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);
const EXTRA = Number(process.env.BENCH_COMPLEXES || 20);
const CONNECTIONS = 50;
const PAGE = "/Brand/intro";
const SAMPLES = ["anyang", "suwon"];
const BUDGETS = { buildSecondsPerComplex: 15, readySeconds: 15, rssMb: 500, ratio: 0.8 };

const began = performance.now();
const loadAtStart = loadAverage();
const sitesDir = mkdtempSync(join(tmpdir(), "bench-scale-sites-"));
const dataDir = mkdtempSync(join(tmpdir(), "bench-scale-data-"));
// (The image step makes a picture again only when the hash of its source changed.)
cpSync(process.env.SITES_DIR || "sites", sitesDir, { recursive: true, preserveTimestamps: true });
const env = { ...process.env, SITES_DIR: sitesDir, BUILD_DIR };
const extraIds = Array.from({ length: EXTRA }, (_, i) => `c${String(i + 1).padStart(2, "0")}`);

/**
 * Runs a command with the temporary sites and shows the last line it printed (unless `quiet`);
 * answers its wall time and the CPU time it and its children used, in seconds (on a loaded
 * machine the CPU time says more than the wall time).
 */
function timed(command, args, { quiet = false } = {}) {
  const started = performance.now();
  const cpuBefore = childrenCpuMs();
  const output = execFileSync(command, args, {
    env,
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 64 * 2 ** 20,
  });
  const last = output.toString().trim().split("\n").at(-1);
  if (last && !quiet) step(last);
  return {
    wall: Number(((performance.now() - started) / 1000).toFixed(2)),
    cpu: Number(((childrenCpuMs() - cpuBefore) / 1000).toFixed(2)),
  };
}
const npm = (...args) => timed("npm", ["run", "--silent", ...args]);
const step = (message) =>
  process.stderr.write(`[${Math.round((performance.now() - began) / 1000)} s] ${message}\n`);

/** The steps that grow with the complexes: their pictures, then their pages. */
function scalingSteps() {
  const images = npm("images");
  const render = timed(process.execPath, ["scripts/render-sites.mjs"]);
  return { images, render };
}

/** A server with the complexes of sitesDir: its start time and memory after start. */
async function started() {
  // Waits well past the budget, so that a slow start is measured rather than given up on.
  const app = await startApp({
    buildDir: BUILD_DIR,
    env: { ...env, DATA_DIR: dataDir },
    timeoutMs: 600_000,
  });
  return {
    app,
    readyMs: app.readyMs,
    cpuToReadyMs: cpuMs(app.pid),
    rssAfterStartMb: rssMb(app.pid),
  };
}

/** Bytes a complex's pages take: as rendered (UTF-8) and the br and gzip copies the server keeps. */
function pageBytes(id) {
  const { pages } = readSitePages(BUILD_DIR, id);
  const sum = { pages: 0, html: 0, br: 0, gzip: 0 };
  for (const { html } of Object.values(pages)) {
    const body = Buffer.from(html);
    sum.pages++;
    sum.html += body.length;
    if (body.length < 1024) continue;
    sum.br += brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 10,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }).length;
    sum.gzip += gzipSync(body, { level: 9 }).length;
  }
  return sum;
}

/** (d): the page through the server for each complex, and the same bytes from a bare server. */
async function throughput(app, ids) {
  const rows = [];
  for (const [i, id] of ids.entries()) {
    const file = join(dataDir, `${id}.html`);
    writeFileSync(file, readSitePages(BUILD_DIR, id).pages[PAGE].html);
    const { a, b, ratio, ratios } = await againstBareStatic(app, id, PAGE, file, {
      seconds: SECONDS,
      rounds: ROUNDS,
      connections: CONNECTIONS,
      turn: i,
    });
    rows.push({ id, a, b, ratio: Number(ratio.toFixed(2)) });
    step(
      `${id}: a ${a.rps} req/s, b ${b.rps} req/s, a/b ${ratio.toFixed(2)} (rounds: ${ratios.map((x) => x.toFixed(2)).join(", ")})`,
    );
  }
  return rows;
}

let result;
try {
  if (!existsSync(resolve(BUILD_DIR, "server/index.js"))) {
    step(`no build in ${BUILD_DIR}: npm run build (not timed)`);
    npm("build");
  }
  step("images once, not timed, so that the samples' pictures are up to date");
  npm("images");
  step(`${SAMPLES.length} complexes: images and pages`);
  const before = scalingSteps();
  const small = await started();
  await small.app.stop();
  step(
    `${SAMPLES.length} complexes: server answered in ${small.readyMs} ms, ${small.rssAfterStartMb} MB`,
  );

  const made = [];
  for (const [i, id] of extraIds.entries()) {
    const from = SAMPLES[i % SAMPLES.length];
    made.push(
      timed(
        resolve("node_modules/.bin/tsx"),
        ["scripts/sites.ts", "new", id, "--from", from, "--host", `${id}.example.com`],
        { quiet: true },
      ),
    );
  }
  const ids = [...SAMPLES, ...extraIds];
  step(`${ids.length} complexes: images and pages`);
  const after = scalingSteps();
  const big = await started();
  step(`${ids.length} complexes: server answered in ${big.readyMs} ms, ${big.rssAfterStartMb} MB`);
  // Throughput is measured once the background compression of every page is done (it answers
  // meanwhile, each page compressed when first asked for): the steady state visitors meet.
  const warmFrom = performance.now();
  await big.app.printed(/pages compressed/);
  big.warmMs = Math.round(performance.now() - warmFrom + big.readyMs);
  step(`${ids.length} complexes: every page compressed ${big.warmMs} ms after spawning`);
  // Right after that the server is still settling for some seconds (its heap and JIT after the
  // compression burst): one untimed second of load on every complex first, so that the complexes
  // measured first are not the ones that meet it.
  for (const id of ids) {
    await load(big.app, PAGE, {
      connections: CONNECTIONS,
      duration: 1,
      headers: { host: `${id}.localhost:${big.app.port}` },
    });
  }
  step(`${ids.length} complexes: one untimed second of load each`);
  let rows;
  try {
    rows = await throughput(big.app, ids);
    // The first complex measured again last: a start-up transient would show as a difference.
    const [again] = await throughput(big.app, ids.slice(0, 1));
    step(`${again.id} again, after the others: a/b ${again.ratio} (first: ${rows[0].ratio})`);
    rows[0] = { ...rows[0], again: again.ratio };
  } finally {
    big.rssAfterLoadMb = rssMb(big.app.pid);
    await big.app.stop();
  }
  const perComplex = (x, y) => Number(((y - x) / EXTRA).toFixed(2));
  // Per extra complex, in wall and CPU seconds: each step, and both.
  const extraCost = (key) => ({
    images: perComplex(before.images[key], after.images[key]),
    render: perComplex(before.render[key], after.render[key]),
    total: perComplex(
      before.images[key] + before.render[key],
      after.images[key] + after.render[key],
    ),
  });
  result = {
    date: new Date().toISOString(),
    commit,
    machine,
    loadAverage: { start: loadAtStart, end: loadAverage() },
    seconds: Math.round((performance.now() - began) / 1000),
    complexes: { samples: SAMPLES.length, extra: EXTRA },
    sitesNewSeconds: Number((made.reduce((sum, t) => sum + t.wall, 0) / EXTRA).toFixed(2)),
    build: {
      samples: before,
      all: after,
      perExtraComplex: { wall: extraCost("wall"), cpu: extraCost("cpu") },
    },
    server: {
      samples: {
        readyMs: small.readyMs,
        cpuToReadyMs: small.cpuToReadyMs,
        rssAfterStartMb: small.rssAfterStartMb,
      },
      all: {
        readyMs: big.readyMs,
        warmMs: big.warmMs,
        cpuToReadyMs: big.cpuToReadyMs,
        rssAfterStartMb: big.rssAfterStartMb,
        rssAfterLoadMb: big.rssAfterLoadMb,
      },
      rssPerExtraComplexMb: perComplex(small.rssAfterStartMb, big.rssAfterStartMb),
      cpuToReadyPerExtraComplexMs: perComplex(small.cpuToReadyMs, big.cpuToReadyMs),
    },
    pageBytes: Object.fromEntries(SAMPLES.map((id) => [id, pageBytes(id)])),
    throughput: rows,
  };
} finally {
  rmSync(sitesDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
  for (const id of extraIds) {
    rmSync(join("public/img/sites", id), { recursive: true, force: true });
    rmSync(join("public/img/art", id), { recursive: true, force: true });
    rmSync(join(".artwork", id), { recursive: true, force: true });
    rmSync(join(BUILD_DIR, "sites", `${id}.json`), { force: true });
  }
}

const met = (ok) => (ok ? "met" : "MISSED");
const s = (x) => x.toFixed(1);
const kb = (bytes) => Math.round(bytes / 1024);
const { build, server, throughput: rows } = result;
const { wall, cpu } = build.perExtraComplex;
const ratios = rows.map((r) => r.ratio).sort((x, y) => x - y);
const worst = rows.reduce((x, y) => (y.ratio < x.ratio ? y : x));
const n = SAMPLES.length + EXTRA;
const figures = [
  `- Date: ${result.date}`,
  `- Commit: ${commit}`,
  `- Machine: ${machine}`,
  `- Load average (1, 5, 15 min) at start: ${result.loadAverage.start}; when done: ${result.loadAverage.end} (other work on the machine slows every figure).`,
  `- ${n} complexes: the ${SAMPLES.length} samples and ${EXTRA} made by \`npm run sites -- new\` (alternately from ${SAMPLES.join(" and ")}, ${s(result.sitesNewSeconds)} s each). Whole bench: ${result.seconds} s.`,
  `- Build per extra complex: (time with ${n} − time with ${SAMPLES.length}) / ${EXTRA} of \`npm run images\` and scripts/render-sites.mjs; the React Router build and the fonts are shared by all complexes and not timed.`,
  `- Throughput: autocannon, ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} alternating pairs of runs per complex (the median pair shown), on loopback; load generator and servers share the machine.`,
  "",
  "| figure | measured | budget | |",
  "| --- | ---: | ---: | --- |",
  `| (a) build per extra complex, wall: images + pages (CPU: ${s(cpu.total)} s = ${s(cpu.images)} + ${s(cpu.render)}) | ${s(wall.total)} s = ${s(wall.images)} + ${s(wall.render)} | ≤ ${BUDGETS.buildSecondsPerComplex} s | ${met(wall.total <= BUDGETS.buildSecondsPerComplex)} |`,
  `| (b) spawn to first 200 with ${n} complexes (server CPU until then ${s(server.all.cpuToReadyMs / 1000)} s; with ${SAMPLES.length}: ${s(server.samples.readyMs / 1000)} s, CPU ${s(server.samples.cpuToReadyMs / 1000)} s) | ${s(server.all.readyMs / 1000)} s | ≤ ${BUDGETS.readySeconds} s | ${met(server.all.readyMs <= BUDGETS.readySeconds * 1000)} |`,
  `| every page of ${n} complexes compressed in the background, spawn to done (throughput below is measured after it) | ${s(server.all.warmMs / 1000)} s | | |`,
  `| (c) server RSS after start with ${n} complexes (with ${SAMPLES.length}: ${server.samples.rssAfterStartMb} MB; ${s(server.rssPerExtraComplexMb)} MB per extra) | ${server.all.rssAfterStartMb} MB | ≤ ${BUDGETS.rssMb} MB | ${met(server.all.rssAfterStartMb <= BUDGETS.rssMb)} |`,
  `| (c) server RSS after the load | ${server.all.rssAfterLoadMb} MB | ≤ ${BUDGETS.rssMb} MB | ${met(server.all.rssAfterLoadMb <= BUDGETS.rssMb)} |`,
  `| (d) a/b of ${PAGE}, lowest of ${n} complexes (${worst.id}; median ${ratios[Math.floor(ratios.length / 2)].toFixed(2)}) | ${worst.ratio.toFixed(2)} | ≥ ${BUDGETS.ratio} | ${met(worst.ratio >= BUDGETS.ratio)} |`,
  "",
  `Build steps, wall (CPU) seconds: with ${SAMPLES.length} complexes images ${s(build.samples.images.wall)} (${s(build.samples.images.cpu)}), pages ${s(build.samples.render.wall)} (${s(build.samples.render.cpu)}); with ${n} images ${s(build.all.images.wall)} (${s(build.all.images.cpu)}), pages ${s(build.all.render.wall)} (${s(build.all.render.cpu)}). Server CPU until its first answer: ${s(server.cpuToReadyPerExtraComplexMs / 1000)} s more per extra complex (reading and compressing its pages).`,
  "",
  `Pages per sample complex (count, HTML, and the br and gzip copies the server also keeps): ${SAMPLES.map(
    (id) => {
      const b = result.pageBytes[id];
      return `${id} ${b.pages} pages, ${kb(b.html)} + ${kb(b.br)} + ${kb(b.gzip)} KB`;
    },
  ).join("; ")}.`,
  "",
  "| complex | a req/s | b req/s | a/b | a p99 ms | b p99 ms | server CPU ms/req a, b | a non-2xx |",
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ...rows.map(
    (r) =>
      `| ${r.id} | ${r.a.rps} | ${r.b.rps} | ${r.ratio.toFixed(2)}${r.again === undefined ? "" : ` (again, last: ${r.again.toFixed(2)})`} | ${r.a.p99} | ${r.b.p99} | ${r.a.cpuPerRequest}, ${r.b.cpuPerRequest} | ${r.a.other} |`,
  ),
  "",
].join("\n");

writeFigures({
  name: "bench-scale",
  heading: "Many complexes (npm run bench)",
  figures,
  json: "scale.json",
  data: result,
});
console.log(figures);
