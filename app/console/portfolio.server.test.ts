import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { upsertAdmin } from "~/auth/admin.server";
import { importCosts } from "~/channels/ad-costs.server";
import { addManualCost } from "~/channels/manual-costs.server";
import { logCall, type Viewer } from "~/crm/calls.server";
import type { CustomerStatus } from "~/crm/crm";
import { setStatus } from "~/crm/customers.server";
import { getDb } from "~/db/db.server";
import { engines, setTestEnv, useTestDb } from "~/db/test-support";
import { createLead } from "~/leads/leads.server";
import { consoleComplexes } from "~/console/console-site.server";
import { ALL_SITES } from "~/lib/sites";
import { requireSite, siteById } from "~/sites/registry.server";
import {
  byAttention,
  cplText,
  costText,
  portfolioLinks,
  weekOf,
  type PortfolioRow,
} from "./portfolio";
import { portfolio } from "./portfolio.server";

// Wednesday 4 March 2026, 10:00 in Korea: its week is Monday 2 to Sunday 8 March.
const NOW = new Date("2026-03-04T01:00:00.000Z");
const MONDAY = new Date("2026-03-02T03:00:00.000Z");
const LAST_SUNDAY = new Date("2026-03-01T14:30:00.000Z"); // 23:30 KST, the week before
const TODAY_EARLY = new Date("2026-03-03T15:05:00.000Z"); // 00:05 KST on the 4th

let seq = 0;
async function lead(siteId: string, phone: string, at: Date) {
  const r = await createLead(
    requireSite(siteId),
    {
      kind: "inquiry",
      name: "포트폴리오",
      phone,
      message: `문의 ${seq++}`,
      privacyConsent: true,
      smsConsent: false,
      visitSlot: null,
    },
    { ip: "198.51.100.9", source: "/", attribution: { utm_source: "naver" } },
    at,
  );
  expect(r.status).toBe("created");
  const card = await (
    await getDb()
  ).get<{ id: string; status: CustomerStatus }>(
    "SELECT id, status FROM customers WHERE site_id = $1 AND phone = $2",
    [siteId, phone],
  );
  return card!;
}

async function agency(): Promise<Viewer> {
  const email = "portfolio-agency@example.com";
  await upsertAdmin(email, "portfolio-agency-password");
  const row = await (
    await getDb()
  ).get<{ id: string }>("SELECT id FROM admins WHERE email = $1", [email]);
  return { adminId: row!.id, email, role: "agency" };
}

const cost = (day: string, costWon: number, row: number) => ({
  day,
  campaign: "분양",
  impressions: null,
  clicks: null,
  costWon,
  row,
});

const figures = (r: PortfolioRow) => ({
  siteId: r.siteId,
  today: r.todayLeads,
  week: r.weekLeads,
  cost: costText(r),
  cpl: cplText(r),
  visited: r.visited,
  contracted: r.contracted,
  unassignedNew: r.unassignedNew,
  overdueCalls: r.overdueCalls,
});

describe.each(engines())("the agency's portfolio ($name)", (engine) => {
  useTestDb(engine);

  it("shows per complex today's and the week's DB, the week's cost and CPL, visits, contracts, unassigned new cards and overdue calls, overdue calls first", async () => {
    setTestEnv({ LEADS_PHONE_RATE_LIMIT: "100" });
    const viewer = await agency();
    const db = await getDb();

    // 안양: two leads today, one on Monday, one the Sunday before (not this week).
    const a = await lead("anyang", "010-6100-0001", TODAY_EARLY); // 신규, nobody's
    const b = await lead("anyang", "010-6100-0002", NOW); // 방문 완료
    const c = await lead("anyang", "010-6100-0003", MONDAY); // 계약
    const d = await lead("anyang", "010-6100-0004", LAST_SUNDAY); // called; next call overdue
    await db.transaction(async (tx) => {
      await setStatus(tx, "anyang", b.id, b.status, "visited", NOW.toISOString(), null);
      await setStatus(tx, "anyang", c.id, c.status, "contracted", NOW.toISOString(), null);
    });
    const called = await logCall(
      "anyang",
      d.id,
      viewer,
      { result: "answered", note: "", interest: "B", nextDate: "2026-03-03", nextTime: "10:00" },
      LAST_SUNDAY,
    );
    expect(called.ok).toBe(true);
    expect(a.status).toBe("new");
    // 안양's naver costs: 100,000 on Monday and 50,000 on Tuesday; the Sunday before is last week's.
    const imported = await importCosts({
      siteId: "anyang",
      source: "naver",
      platform: "naver-search",
      fileName: "네이버.csv",
      fileSha256: createHash("sha256").update("portfolio").digest("hex"),
      rows: [
        cost("2026-03-01", 999, 2),
        cost("2026-03-02", 100_000, 3),
        cost("2026-03-03", 50_000, 4),
      ],
      by: viewer.email,
    });
    expect(imported.ok).toBe(true);

    // 수원: three new leads today, nobody's, no cost.
    for (const phone of ["010-6200-0001", "010-6200-0002", "010-6200-0003"])
      await lead("suwon", phone, NOW);
    // 안양's 현수막 entered by hand: 140,000 over two weeks, 10,000 a day, 70,000 of it this week.
    await addManualCost(
      "anyang",
      {
        medium: "banner",
        kind: "flat",
        source: "banner",
        campaign: "",
        firstDay: "2026-02-23",
        lastDay: "2026-03-08",
        amountWon: 140_000,
        note: "",
      },
      viewer.email,
    );

    const p = await portfolio(consoleComplexes({ sites: ALL_SITES }), viewer, NOW);
    expect(p.today).toBe("2026-03-04");
    expect(p.week).toEqual({ from: "2026-03-02", to: "2026-03-08" });
    // 안양 first: an overdue call outweighs 수원's more unassigned cards and more leads today.
    expect(p.rows.map(figures)).toEqual([
      {
        siteId: "anyang",
        today: 2,
        week: 3,
        cost: "220,000원",
        cpl: "73,333원",
        // 전환 퍼널's rule: a contract has visited too.
        visited: 2,
        contracted: 1,
        unassignedNew: 1,
        overdueCalls: 1,
      },
      {
        siteId: "suwon",
        today: 3,
        week: 3,
        cost: "비용 없음",
        cpl: "비용 없음",
        visited: 0,
        contracted: 0,
        unassignedNew: 3,
        overdueCalls: 0,
      },
    ]);
    expect(p.rows.map((r) => r.name)).toEqual(
      ["anyang", "suwon"].map((id) => siteById(id)!.identity.name),
    );

    // The week after: no lead, so no CPL, and the cost of that week is none.
    const next = await portfolio(
      consoleComplexes({ sites: ALL_SITES }),
      viewer,
      new Date("2026-03-10T01:00:00Z"),
    );
    const anyang = next.rows.find((r) => r.siteId === "anyang")!;
    expect([anyang.weekLeads, costText(anyang), cplText(anyang)]).toEqual([0, "비용 없음", "—"]);
    // An account of one complex sees only it.
    const one = await portfolio(consoleComplexes({ sites: ["suwon"] }), viewer, NOW);
    expect(one.rows.map((r) => r.siteId)).toEqual(["suwon"]);
  });
});

describe("the portfolio's rules", () => {
  const row = (siteId: string, o: Partial<PortfolioRow>): PortfolioRow => ({
    siteId,
    name: siteId,
    todayLeads: 0,
    weekLeads: 0,
    weekCostWon: null,
    visited: 0,
    contracted: 0,
    unassignedNew: 0,
    overdueCalls: 0,
    ...o,
  });

  it("orders by overdue calls, then unassigned new cards, then today's DB, then name", () => {
    const rows = [
      row("b", {}),
      row("a", {}),
      row("today", { todayLeads: 9 }),
      row("new", { unassignedNew: 1, todayLeads: 0 }),
      row("late", { overdueCalls: 1 }),
    ];
    expect(rows.sort(byAttention).map((r) => r.siteId)).toEqual(["late", "new", "today", "a", "b"]);
  });

  it("writes a cost of 0 as 0원 and its CPL as 0원; a cost without DB has no CPL", () => {
    expect([costText({ weekCostWon: 0 }), cplText({ weekCostWon: 0, weekLeads: 2 })]).toEqual([
      "0원",
      "0원",
    ]);
    expect(cplText({ weekCostWon: 10_000, weekLeads: 0 })).toBe("—");
    expect(cplText({ weekCostWon: 10_000, weekLeads: 3 })).toBe("3,333원");
  });

  it("takes the Korean week from Monday to Sunday, and links each figure to the desk's filter or 채널 성과's week", () => {
    expect(weekOf("2026-03-08")).toEqual({ from: "2026-03-02", to: "2026-03-08" });
    expect(weekOf("2026-03-02")).toEqual({ from: "2026-03-02", to: "2026-03-08" });
    const links = portfolioLinks("suwon", "2026-03-04", weekOf("2026-03-04"));
    expect(links.overdueCalls).toBe("/admin/leads?due=overdue&view=all&site=suwon");
    expect(links.unassignedNew).toBe("/admin/leads?status=new&consultant=none&view=all&site=suwon");
    expect(links.todayLeads).toBe("/admin/leads?from=2026-03-04&to=2026-03-04&view=all&site=suwon");
    expect(links.weekLeads).toBe("/admin/channels?site=suwon&from=2026-03-02&to=2026-03-08");
    expect(links.contracted).toBe(
      "/admin/channels?site=suwon&from=2026-03-02&to=2026-03-08#channel-funnel",
    );
  });
});
