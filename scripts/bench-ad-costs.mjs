/**
 * Importing an ad platform's cost report at its largest (issue 41): a 100,000-row Naver 검색광고 API
 * stat report (TSV, the file's limit), read by the console's own parser (app/channels/ad-cost/) and
 * stored by its own import (app/channels/ad-costs.server.ts), on SQLite and on PostgreSQL. The
 * report spans 2026-03-01 to 2026-06-08 (the VAT switch of 2026-03-30 inside it), 50 campaigns
 * named by (short) ID, each named once as the console asks, 20 ad groups each. Each engine: a fresh
 * database (a temp file; a throwaway PostgreSQL database on BENCH_DATABASE_URL, TEST_DATABASE_URL or
 * the local server, dropped at the end), the file parsed and imported, then the same file again
 * (replacing every campaign-day it covers). Budget: parse + import ≤ 10 s for each, first and again.
 *
 *   node scripts/bench-ad-costs.mjs
 *
 * Writes bench-results/ad-costs.json and its block of docs/benchmarks.md; exit code 1 when a case
 * misses the budget or stores a total other than the file's. Not part of the test suite.
 */
/* global TextEncoder */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { tsImport } from "tsx/esm/api";
import { commit, loadAverage, machine, throwawayDatabase, writeFigures } from "./bench-helpers.mjs";

const PG_URL =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  "postgres://postgres@127.0.0.1:5432/postgres";
const ROWS = 100_000;
const CAMPAIGNS = 50;
const GROUPS = 20;
const BUDGET_MS = 10_000;
const SITE = "anyang";

/**
 * A campaign's ID. Naver's real IDs are 27 characters ("cmp-a001-01-000000001234567"): a
 * 100,000-row report with them weighs about 11 MB and is refused by the 10 MB limit (the largest
 * real report is about 90,000 rows), so the bench writes short IDs to stay inside both limits.
 */
const campaignId = (n) => `cmp-${n}`;

/** The report: ROWS lines of 14 tab-separated cells, no header, as Naver's API writes it. */
function naverApiReport() {
  const lines = [];
  const start = Date.UTC(2026, 2, 1);
  for (let i = 0; i < ROWS; i++) {
    const campaign = i % CAMPAIGNS;
    const group = Math.floor(i / CAMPAIGNS) % GROUPS;
    const day = Math.floor(i / (CAMPAIGNS * GROUPS));
    const date = new Date(start + day * 86_400_000).toISOString().slice(0, 10).replaceAll("-", "");
    lines.push(
      [
        date,
        "1234567",
        campaignId(campaign),
        `grp-${campaign * GROUPS + group}`,
        "-",
        "nad-1",
        "-",
        "27758",
        i % 2 ? "M" : "P",
        100 + (i % 900),
        i % 37,
        String(1000 + ((i * 7919) % 50_000)),
        "150",
        "0",
      ].join("\t"),
    );
  }
  return new TextEncoder().encode(lines.join("\n") + "\n");
}

const campaignNames = Object.fromEntries(
  Array.from({ length: CAMPAIGNS }, (_, c) => [campaignId(c), `캠페인 ${c + 1}`]),
);

async function run(engineName, dbOptions, modules, bytes, sha) {
  const { createDb, setDb } = modules.db;
  const db = await createDb(dbOptions);
  setDb(db);
  const cases = [];
  try {
    for (const label of ["first import", "same days again"]) {
      const started = performance.now();
      const parsed = await modules.parse.parseAdCostFile(bytes, { campaignNames });
      if (!parsed.ok) throw new Error(`parse: ${parsed.message}`);
      const parsedMs = performance.now() - started;
      const done = await modules.store.importCosts({
        siteId: SITE,
        source: "naver_sa",
        platform: parsed.platform,
        fileName: "naver-api.tsv",
        // The second round is another file covering the same campaign-days: every day replaced.
        fileSha256: label === "first import" ? sha : createHash("sha256").update(sha).digest("hex"),
        rows: parsed.rows,
        by: "bench@example.com",
      });
      if (!done.ok) throw new Error(`import: ${done.message}`);
      const ms = performance.now() - started;
      const fileTotal = parsed.rows.reduce((n, r) => n + r.costWon, 0);
      const stored = await db.get(
        "SELECT COUNT(*) AS n, COALESCE(SUM(cost_won), 0) AS won FROM ad_costs WHERE site_id = $1",
        [SITE],
      );
      cases.push({
        engine: engineName,
        case: label,
        rows: parsed.rows.length,
        refused: parsed.refused.length,
        parseMs: Math.round(parsedMs),
        totalMs: Math.round(ms),
        replaced: done.replaced,
        fileTotalWon: fileTotal,
        storedWon: Number(stored.won),
        storedRows: Number(stored.n),
        ok: ms <= BUDGET_MS && Number(stored.won) === fileTotal && Number(stored.n) === ROWS,
      });
      process.stderr.write(
        `${engineName} ${label}: ${(ms / 1000).toFixed(1)} s (parse ${(parsedMs / 1000).toFixed(1)} s), ${Number(stored.n)} rows, ${Number(stored.won).toLocaleString("en-US")} won\n`,
      );
    }
  } finally {
    setDb(undefined);
    await db.close();
  }
  return cases;
}

async function main() {
  const modules = {
    db: await tsImport("../app/db/db.server.ts", import.meta.url),
    parse: await tsImport("../app/channels/ad-cost/ad-cost.ts", import.meta.url),
    store: await tsImport("../app/channels/ad-costs.server.ts", import.meta.url),
  };
  const bytes = naverApiReport();
  const sha = createHash("sha256").update(bytes).digest("hex");
  process.stderr.write(
    `Naver API report: ${ROWS} rows, ${(bytes.length / 2 ** 20).toFixed(1)} MB\n`,
  );
  const dir = mkdtempSync(join(tmpdir(), "bench-ad-costs-"));
  const cases = [];
  try {
    cases.push(
      ...(await run(
        "SQLite",
        { dialect: "sqlite", file: join(dir, "site.db") },
        modules,
        bytes,
        sha,
      )),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const pgDb = await throwawayDatabase(PG_URL, `bench_ad_costs_${process.pid}`);
  try {
    cases.push(
      ...(await run("PostgreSQL", { dialect: "postgres", url: pgDb.url }, modules, bytes, sha)),
    );
  } finally {
    await pgDb.drop();
  }
  const figures = [
    `${commit}, ${machine}, load ${loadAverage()}. A ${ROWS.toLocaleString("en-US")}-row Naver API report (${(bytes.length / 2 ** 20).toFixed(1)} MB), parsed and imported; budget ≤ ${BUDGET_MS / 1000} s.`,
    "",
    "| engine | case | parse | parse + import | rows stored | total (won) | within budget |",
    "| --- | --- | ---: | ---: | ---: | ---: | --- |",
    ...cases.map(
      (c) =>
        `| ${c.engine} | ${c.case} | ${(c.parseMs / 1000).toFixed(1)} s | ${(c.totalMs / 1000).toFixed(1)} s | ${c.storedRows.toLocaleString("en-US")} | ${c.storedWon.toLocaleString("en-US")} | ${c.ok ? "yes" : "**no**"} |`,
    ),
  ].join("\n");
  writeFigures({
    name: "ad-costs",
    heading: "Importing a 100,000-row ad cost report (scripts/bench-ad-costs.mjs)",
    figures,
    json: "ad-costs.json",
    data: { commit, machine, rows: ROWS, bytes: bytes.length, budgetMs: BUDGET_MS, cases },
  });
  process.stdout.write(figures + "\n");
  if (cases.some((c) => !c.ok)) process.exitCode = 1;
}

await main();
