/**
 * The agency's portfolio (관리자 홈, issue 41 item 7) at 500 complexes on PostgreSQL: how long its
 * read (app/console/portfolio.server.ts) takes. A fresh database (bench_portfolio_<pid>, dropped at
 * the end) on BENCH_DATABASE_URL, TEST_DATABASE_URL or the local server, migrated by the app's
 * database module, then seeded with SQL (generate_series):
 *   - 500 complexes; 300,000 customer cards (a fifth each 신규, 상담 중, 방문 완료, 계약, 무효; none
 *     given to a consultant, so every 신규 is 미배정; next contacts from ten days ago to ten on);
 *   - 500,000 leads over 365 days on those cards;
 *   - 1,000,000 ad cost rows over 365 days, 20 campaigns per complex; then VACUUM ANALYZE.
 * Then portfolio() of the 500 complexes, a warm-up and BENCH_PORTFOLIO_RUNS (default 30) runs in
 * this process. Budget: p95 ≤ 500 ms. Writes bench-results/portfolio.json and its block of
 * docs/benchmarks.md; exit code 1 when the budget is missed. Not part of the test suite.
 *
 *   node scripts/bench-portfolio.mjs
 */
import { performance } from "node:perf_hooks";
import { tsImport } from "tsx/esm/api";
import {
  commit,
  loadAverage,
  machine,
  median,
  stopOnInterrupt,
  throwawayDatabase,
  writeFigures,
} from "./bench-helpers.mjs";

const PG_URL =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  "postgres://postgres@127.0.0.1:5432/postgres";
const RUNS = Number(process.env.BENCH_PORTFOLIO_RUNS || 30);
const COMPLEXES = 500;
const BUDGET_MS = 500;

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.000"Z"'`;

async function seed(db) {
  await db.run(
    `INSERT INTO customers (id, site_id, phone, name, status, source, next_contact_at, stage,
       calls, first_at, last_at, created_at)
     SELECT 'c' || g, 'site-' || (g % ${COMPLEXES}), '010-' || g, '고객',
       (ARRAY['new', 'counseling', 'visited', 'contracted', 'invalid'])[1 + g % 5], 'utm:naver',
       to_char(now() - ((g % 20) - 10) * interval '1 day', ${ISO}), g % 5, g % 3,
       '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'
     FROM generate_series(1, 300000) g`,
  );
  await db.run(
    `INSERT INTO leads (id, kind, name, phone, privacy_consent_at, privacy_consent_version, source,
       ip, created_at, site_id, utm_source, customer_id)
     SELECT 'l' || g, 'inquiry', '고객', '010', 'x', 'v', '/', '198.51.100.1',
       to_char(now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute', ${ISO}),
       'site-' || ((1 + g % 300000) % ${COMPLEXES}), 'naver', 'c' || (1 + g % 300000)
     FROM generate_series(1, 500000) g`,
  );
  await db.run(
    `INSERT INTO ad_cost_imports (id, site_id, source, platform, file_name, file_sha256, row_count,
       total_won, first_day, last_day, imported_by, imported_at)
     SELECT 'i' || g, 'site-' || g, 'naver', 'manual', 'bench.csv', md5(g::text) || md5(g::text),
       1, 1, '2026-01-01', '2026-01-01', 'bench', 'bench'
     FROM generate_series(0, ${COMPLEXES - 1}) g`,
  );
  await db.run(
    `INSERT INTO ad_costs (id, site_id, day, source, campaign, ad_group, cost_won, import_id,
       file_row, created_at)
     SELECT 'a' || g, 'site-' || (g % ${COMPLEXES}),
       to_char(now() - (g % 365) * interval '1 day', 'YYYY-MM-DD'), 'naver', 'c' || (g % 20), '',
       1000 + g % 7, 'i' || (g % ${COMPLEXES}), 1, 'bench'
     FROM generate_series(1, 1000000) g`,
  );
  // The costs' sums (migration 030), as an import makes them.
  const { costRollupStatements } = await tsImport(
    "../app/channels/ad-costs.server.ts",
    import.meta.url,
  );
  for (let g = 0; g < COMPLEXES; g++)
    for (const [sql, params] of costRollupStatements(
      `site-${g}`,
      "naver",
      "0000-01-01",
      "9999-12-31",
    ))
      await db.run(sql, params);
  await db.run("VACUUM ANALYZE");
}

async function main() {
  const name = `bench_portfolio_${process.pid}`;
  const database = await throwawayDatabase(PG_URL, name);
  stopOnInterrupt(() => database.drop());
  try {
    const dbModule = await tsImport("../app/db/db.server.ts", import.meta.url);
    const { portfolio } = await tsImport("../app/console/portfolio.server.ts", import.meta.url);
    const db = await dbModule.createDb({ dialect: "postgres", url: database.url });
    dbModule.setDb(db);
    const seeding = performance.now();
    await seed(db);
    process.stderr.write(`seeded in ${Math.round(performance.now() - seeding)} ms\n`);
    const complexes = Array.from({ length: COMPLEXES }, (_, i) => ({
      id: `site-${i}`,
      name: `단지 ${i}`,
    }));
    const viewer = { adminId: "bench", email: "bench@example.com", role: "agency" };
    const first = await portfolio(complexes, viewer);
    if (first.rows.length !== COMPLEXES) throw new Error(`${first.rows.length} lines`);
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await portfolio(complexes, viewer);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p95 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)];
    const med = median(times);
    const ok = p95 <= BUDGET_MS;
    const line = `portfolio of ${COMPLEXES} complexes (300,000 cards, 500,000 leads, 1,000,000 cost rows): median ${Math.round(med)} ms, p95 ${Math.round(p95)} ms (budget ${BUDGET_MS} ms) ${ok ? "✓" : "✗"}`;
    process.stderr.write(`${line}\n`);
    writeFigures({
      name: "portfolio",
      heading: "관리자 홈: the agency's portfolio at 500 complexes (PostgreSQL)",
      figures: `${new Date().toISOString().slice(0, 16)} UTC, commit ${commit}, ${machine}, load average ${loadAverage()}.\n\n${line}`,
      json: "portfolio.json",
      data: { complexes: COMPLEXES, runs: RUNS, medianMs: med, p95Ms: p95, budgetMs: BUDGET_MS },
    });
    await db.close();
    process.exitCode = ok ? 0 : 1;
  } finally {
    await database.drop();
  }
}

await main();
