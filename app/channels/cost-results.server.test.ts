import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { countChannel } from "~/channels/channel-counts.server";
import { deleteImport, importCosts } from "~/channels/ad-costs.server";
import type { CostRow } from "~/channels/ad-cost/cost-rows";
import { getDb } from "~/db/db.server";
import { engines, setTestEnv, useTestDb } from "~/db/test-support";
import { setStatus } from "~/crm/customers.server";
import type { CustomerStatus } from "~/crm/crm";
import { createLead } from "~/leads/leads.server";
import { requireSite } from "~/sites/registry.server";
import { formatCost, formatWon, unitCosts, type CostFigures } from "./cost-results";
import {
  adCostDays,
  costResults,
  costResultsCsv,
  costTotal,
  dailyCostsAndLeads,
} from "./cost-results.server";
import { addManualCost, deleteManualCost, updateManualCost } from "./manual-costs.server";
import { checkManualCost, spreadFlatFee } from "./manual-costs";

// Monday 2 March 2026, 10:00 in Korea; the week to Sunday 8 March.
const NOW = new Date("2026-03-02T01:00:00.000Z");
const WEEK = { from: "2026-03-02", to: "2026-03-08" };
const NEXT_WEEK = { from: "2026-03-09", to: "2026-03-15" };

let seq = 0;
/** A lead of a new phone from the source's campaign, its card moved to `status` later. */
async function lead(source: string, campaign: string | null, status: CustomerStatus = "new") {
  const phone = `010-7000-${String(1000 + seq++)}`;
  const r = await createLead(
    requireSite("anyang"),
    {
      kind: "inquiry",
      name: "방문객",
      phone,
      message: `문의 ${seq}`,
      privacyConsent: true,
      smsConsent: false,
      visitSlot: null,
    },
    {
      ip: "198.51.100.9",
      source: "/",
      attribution: { utm_source: source, ...(campaign ? { utm_campaign: campaign } : {}) },
    },
    NOW,
  );
  expect(r.status).toBe("created");
  if (status === "new") return;
  const db = await getDb();
  const card = await db.get<{ id: string; status: CustomerStatus }>(
    "SELECT id, status FROM customers WHERE site_id = 'anyang' AND phone = $1",
    [phone],
  );
  await db.transaction((tx) =>
    setStatus(tx, "anyang", card!.id, card!.status, status, "2026-03-20T01:00:00.000Z", null),
  );
}

const cost = (row: number, day: string, campaign: string, costWon: number): CostRow => ({
  day,
  campaign,
  impressions: 1000,
  clicks: 50,
  costWon,
  row,
});

async function importFile(source: string, rows: CostRow[]) {
  const r = await importCosts({
    siteId: "anyang",
    source,
    platform: "naver-search",
    fileName: `${source}.csv`,
    fileSha256: createHash("sha256")
      .update(JSON.stringify([source, rows]))
      .digest("hex"),
    rows,
    by: "agency@example.com",
  });
  expect(r.ok).toBe(true);
}

async function manual(values: {
  medium: string;
  source: string;
  campaign?: string;
  firstDay: string;
  lastDay: string;
  amount: string;
}) {
  const checked = checkManualCost({ campaign: "", note: "", ...values });
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return addManualCost("anyang", checked.data, "agency@example.com");
}

/** What the page shows of a line: cost, figures, unit costs. */
const shown = (f: CostFigures) => {
  const u = unitCosts(f);
  return [
    formatCost(f),
    f.leads,
    f.validLeads,
    f.visited,
    f.contracted,
    formatWon(u.cpl),
    formatWon(u.validCost),
    formatWon(u.visitCost),
    formatWon(u.contractCost),
  ];
};

/** The known week: landings, leads of three campaigns, a visit, a contract, 무효 cards, costs. */
async function knownWeek() {
  setTestEnv({ LEADS_PHONE_RATE_LIMIT: "100", LEADS_RATE_LIMIT: "100" });
  for (let i = 0; i < 10; i++) await countChannel("anyang", "landing", "naver", NOW);
  for (let i = 0; i < 5; i++) await countChannel("anyang", "landing", "kakao", NOW);
  await lead("naver", "brand", "visited");
  await lead("naver", "brand", "contracted");
  await lead("naver", "region", "invalid");
  await lead("naver", "region");
  await lead("kakao", "open_day");
  await lead("banner", null);
  await lead("dbshop", null);
  await lead("dbshop", null, "invalid");
  await importFile("naver", [
    cost(2, "2026-03-02", "brand", 300_000),
    cost(3, "2026-03-03", "brand", 100_000),
    cost(4, "2026-03-02", "region", 200_000),
    cost(5, "2026-03-10", "brand", 50_000),
  ]);
  await importFile("kakao", [cost(2, "2026-03-02", "open_day", 90_000)]);
  // 100,000 over 1–3 March: 33,333 a day and 33,334 on the 3rd; 2 and 3 March are in the week.
  await manual({
    medium: "banner",
    source: "banner",
    firstDay: "2026-03-01",
    lastDay: "2026-03-03",
    amount: "100,000",
  });
  await manual({
    medium: "bought-db",
    source: "dbshop",
    firstDay: "2026-03-01",
    lastDay: "2026-03-31",
    amount: "30000",
  });
}

describe("a flat fee over its days", () => {
  it("spreads evenly in whole won with the remainder on the last day, summing exactly", () => {
    const spread = spreadFlatFee(1_000_000, "2026-03-01", "2026-03-07");
    expect([...spread.values()]).toEqual([
      142_857, 142_857, 142_857, 142_857, 142_857, 142_857, 142_858,
    ]);
    expect([...spread.values()].reduce((a, b) => a + b, 0)).toBe(1_000_000);
    expect([...spread.keys()].at(-1)).toBe("2026-03-07");
    expect(spreadFlatFee(5, "2026-02-27", "2026-03-02").get("2026-03-02")).toBe(2);
  });
});

describe.each(engines())("cost per result ($name)", (engine) => {
  useTestDb(engine);

  it("shows per source the exact CPL, 유효 DB 단가, 방문 단가 and 계약 단가 of imported and manual costs", async () => {
    await knownWeek();
    const r = await costResults("anyang", WEEK, "source");
    expect(r.rows.map((l) => [l.source, ...shown(l)])).toEqual([
      // 경로 비용 접수 유효 방문 계약 CPL 유효 DB 단가 방문 단가 계약 단가
      ["banner", "66,667원", 1, 1, 0, 0, "66,667원", "66,667원", "—", "—"],
      ["dbshop", "60,000원", 2, 1, 0, 0, "30,000원", "60,000원", "—", "—"],
      ["kakao", "90,000원", 1, 1, 0, 0, "90,000원", "90,000원", "—", "—"],
      ["naver", "600,000원", 4, 3, 2, 1, "150,000원", "200,000원", "300,000원", "600,000원"],
    ]);
    expect(r.rows.find((l) => l.source === "naver")).toMatchObject({
      landings: 10,
      impressions: 3000,
      clicks: 150,
      booked: 2,
    });
    expect(r.rows.find((l) => l.source === "banner")).toMatchObject({
      impressions: null,
      landings: 0,
    });
    expect(shown(r.total)).toEqual([
      "816,667원",
      8,
      6,
      2,
      1,
      "102,083원",
      "136,111원",
      "408,334원",
      "816,667원",
    ]);
    expect(r.total.landings).toBe(15);
    // The period before on 채널 성과 reads the total alone: the same figures, people once.
    expect(await costTotal("anyang", WEEK)).toEqual(r.total);
    // 채널 성과 adds up the chart's costs per day for its lines: the same lines.
    expect(
      await costResults("anyang", WEEK, "source", { costDays: adCostDays("anyang", WEEK) }),
    ).toEqual(r);
  });

  it("shows per campaign the same unit costs, landings and taps as — (not counted per campaign)", async () => {
    await knownWeek();
    const r = await costResults("anyang", WEEK, "campaign");
    expect(r.rows.map((l) => [l.source, l.campaign, ...shown(l)])).toEqual([
      ["banner", "", "66,667원", 1, 1, 0, 0, "66,667원", "66,667원", "—", "—"],
      ["dbshop", "", "60,000원", 2, 1, 0, 0, "30,000원", "60,000원", "—", "—"],
      ["kakao", "open_day", "90,000원", 1, 1, 0, 0, "90,000원", "90,000원", "—", "—"],
      [
        "naver",
        "brand",
        "400,000원",
        2,
        2,
        2,
        1,
        "200,000원",
        "200,000원",
        "200,000원",
        "400,000원",
      ],
      ["naver", "region", "200,000원", 2, 1, 0, 0, "100,000원", "200,000원", "—", "—"],
    ]);
    expect(r.rows.every((l) => l.landings === null && l.telTaps === null)).toBe(true);
    expect(shown(r.total)[0]).toBe("816,667원");
  });

  it("shows — for the unit costs of a week with cost and no leads, and 비용 없음 for leads without cost", async () => {
    await knownWeek();
    const next = await costResults("anyang", NEXT_WEEK, "source");
    expect(next.rows.map((l) => [l.source, ...shown(l)])).toEqual([
      ["naver", "50,000원", 0, 0, 0, 0, "—", "—", "—", "—"],
    ]);
    expect(await costTotal("anyang", NEXT_WEEK)).toEqual(next.total);
    await lead("walkin", null);
    const week = await costResults("anyang", WEEK, "source");
    expect(shown(week.rows.find((l) => l.source === "walkin")!)).toEqual([
      "비용 없음",
      1,
      1,
      0,
      0,
      "—",
      "—",
      "—",
      "—",
    ]);
  });

  it("counts an edited manual cost at its new amount and a removed one not at all", async () => {
    await knownWeek();
    const id = await manual({
      medium: "newspaper",
      source: "paper",
      firstDay: "2026-03-02",
      lastDay: "2026-03-02",
      amount: "500,000",
    });
    const paper = async () =>
      (await costResults("anyang", WEEK, "source")).rows.find((l) => l.source === "paper")?.costWon;
    expect(await paper()).toBe(500_000);
    const edited = checkManualCost({
      medium: "newspaper",
      source: "paper",
      campaign: "",
      firstDay: "2026-03-02",
      lastDay: "2026-03-02",
      amount: "450000",
      note: "",
    });
    expect(edited.ok && (await updateManualCost("anyang", id, edited.data, "b@example.com"))).toBe(
      true,
    );
    expect(await paper()).toBe(450_000);
    expect(await deleteManualCost("anyang", id, "b@example.com")).toBe(true);
    expect(await paper()).toBeUndefined();
  });

  it("draws the chart's days from the imported and manual costs and the leads of each day", async () => {
    await knownWeek();
    const d = await dailyCostsAndLeads("anyang", { from: "2026-03-02", to: "2026-03-04" });
    expect(d.days).toEqual(["2026-03-02", "2026-03-03", "2026-03-04"]);
    expect(d.series.map((s) => [s.source, s.costWon, s.leads])).toEqual([
      ["banner", [33_333, 33_334, 0], [1, 0, 0]],
      ["dbshop", [60_000, 0, 0], [2, 0, 0]],
      ["kakao", [90_000, 0, 0], [1, 0, 0]],
      ["naver", [500_000, 100_000, 0], [4, 0, 0]],
    ]);
  });

  it("writes the CSV with a BOM and the page's columns, won as numbers and — as an empty cell", async () => {
    await knownWeek();
    const csv = costResultsCsv(await costResults("anyang", WEEK, "campaign"), WEEK);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    expect(lines[0]).toBe(
      "기간,유입 경로,캠페인,비용 (원),노출,클릭,유입,전화 탭,접수 (DB),유효 DB,방문 예약,방문 완료,계약,CPL (원),유효 DB 단가 (원),방문 단가 (원),계약 단가 (원)",
    );
    expect(lines).toContain(
      "2026-03-02~2026-03-08,naver,brand,400000,2000,100,,,2,2,2,2,1,200000,200000,200000,400000",
    );
    expect(lines).toContain(
      "2026-03-02~2026-03-08,banner,캠페인 없음,66667,,,,,1,1,0,0,0,66667,66667,,",
    );
    expect(lines.at(-2)).toBe(
      "2026-03-02~2026-03-08,합계,,816667,4000,200,15,0,8,6,2,2,1,102083,136111,408334,816667",
    );
  });

  it("adds up a long period from whole months and the days around them, as the rows say, after a file replaces days and one is removed", async () => {
    // Every day from 25 January to 5 April 2026 in two campaigns; the amounts differ by day.
    const days: string[] = [];
    for (let d = new Date("2026-01-25T00:00:00Z"); d <= new Date("2026-04-05T00:00:00Z"); ) {
      days.push(d.toISOString().slice(0, 10));
      d.setUTCDate(d.getUTCDate() + 1);
    }
    const rows = (campaign: string, base: number) =>
      days.map((day, i) => ({
        ...cost(i + 2, day, campaign, base + i * 7),
        clicks: i % 3 ? 5 : null,
      }));
    await importFile("naver", [...rows("brand", 10_000), ...rows("region", 20_000)]);
    // A later file says other amounts for 27 February to 2 March of brand: they replace those days.
    await importFile("naver", [
      cost(2, "2026-02-27", "brand", 1),
      cost(3, "2026-02-28", "brand", 2),
      cost(4, "2026-03-01", "brand", 3),
      cost(5, "2026-03-02", "brand", 4),
    ]);
    // kakao's file is imported, then removed.
    const kakao = await importCosts({
      siteId: "anyang",
      source: "kakao",
      platform: "kakao-moment",
      fileName: "kakao.csv",
      fileSha256: "b".repeat(64),
      rows: [cost(2, "2026-02-10", "open_day", 70_000), cost(3, "2026-03-10", "open_day", 1)],
      by: "agency@example.com",
    });
    if (!kakao.ok) throw new Error(kakao.message);
    await importFile("daangn", [cost(2, "2026-03-10", "local", 5_000)]);
    expect(await deleteImport("anyang", kakao.importId)).toBe(true);

    const db = await getDb();
    for (const range of [
      { from: "2026-01-20", to: "2026-04-30" },
      { from: "2026-02-01", to: "2026-03-31" },
      { from: "2026-02-02", to: "2026-03-30" },
      { from: "2026-02-10", to: "2026-02-12" },
      { from: "2026-03-31", to: "2026-04-01" },
      { from: "2026-02-01", to: "2026-02-28" },
    ]) {
      const expected = await db.all<{
        source: string;
        campaign: string;
        cost_won: number;
        clicks: number | null;
      }>(
        `SELECT source, campaign, SUM(cost_won) AS cost_won, SUM(clicks) AS clicks FROM ad_costs
         WHERE site_id = 'anyang' AND day >= $1 AND day <= $2 GROUP BY source, campaign
         ORDER BY source, campaign`,
        [range.from, range.to],
      );
      const byCampaign = await costResults("anyang", range, "campaign");
      expect(
        byCampaign.rows.map((r) => [r.source, r.campaign, r.costWon, r.clicks]),
        `${range.from}~${range.to}`,
      ).toEqual(
        expected.map((e) => [
          e.source,
          e.campaign,
          Number(e.cost_won),
          e.clicks === null ? null : Number(e.clicks),
        ]),
      );
      const total = expected.reduce((n, e) => n + Number(e.cost_won), 0);
      expect(byCampaign.total.costWon).toBe(total);
      expect((await costResults("anyang", range, "source")).total.costWon).toBe(total);
      expect((await costTotal("anyang", range)).costWon).toBe(total);
      const daily = await adCostDays("anyang", range);
      expect(daily.reduce((n, d) => n + d.costWon, 0)).toBe(total);
    }
    // The replaced days count the later file's amounts; the removed file counts nowhere.
    const week = await costResults("anyang", { from: "2026-02-27", to: "2026-03-02" }, "campaign");
    expect(week.rows.map((r) => [r.source, r.campaign, r.costWon])).toEqual([
      ["naver", "brand", 10],
      ["naver", "region", 4 * 20_000 + (33 + 34 + 35 + 36) * 7],
    ]);
    expect(
      (await costResults("anyang", { from: "2026-02-01", to: "2026-03-31" }, "source")).rows.map(
        (r) => r.source,
      ),
    ).toEqual(["daangn", "naver"]);
  });
});
