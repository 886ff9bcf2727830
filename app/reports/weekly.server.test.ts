import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { importCosts } from "~/channels/ad-costs.server";
import type { CostRow } from "~/channels/ad-cost/cost-rows";
import type { CostFigures } from "~/channels/cost-results";
import { setStatus } from "~/crm/customers.server";
import type { CustomerStatus } from "~/crm/crm";
import { getDb } from "~/db/db.server";
import { engines, setTestEnv, useTestDb } from "~/db/test-support";
import { createLead } from "~/leads/leads.server";
import { applyLive } from "~/sites/live.server";
import { requireSite } from "~/sites/registry.server";
import readXlsxFile from "read-excel-file/node";
import { lineChanges } from "./weekly";
import { weeklyReport } from "./weekly.server";
import { weeklyXlsx } from "./weekly-xlsx.server";

// The report's week: Monday 2 March to Sunday 8 March 2026 (Korea); the week before from 23 Feb.
const WEEK = "2026-03-02";
const kst = (at: string) => new Date(`${at}+09:00`);

let seq = 0;
/** A lead of `phone` made at `at` (Korean time) with the source and campaign, or a visit slot. */
async function lead(
  phone: string,
  at: string,
  utm: { source?: string; campaign?: string } = {},
  slot: string | null = null,
) {
  const r = await createLead(
    requireSite("anyang"),
    {
      kind: slot ? "visit" : "inquiry",
      name: `홍길동${seq}`,
      phone,
      message: `문의 ${seq++}`,
      privacyConsent: true,
      smsConsent: false,
      visitSlot: slot,
    },
    {
      ip: "198.51.100.9",
      source: "/",
      attribution: {
        ...(utm.source ? { utm_source: utm.source } : {}),
        ...(utm.campaign ? { utm_campaign: utm.campaign } : {}),
      },
    },
    kst(at),
  );
  expect(r.status).toBe("created");
}

async function markInvalid(phone: string) {
  const db = await getDb();
  const c = await db.get<{ id: string; status: CustomerStatus }>(
    "SELECT id, status FROM customers WHERE site_id = 'anyang' AND phone = $1",
    [phone],
  );
  await db.transaction((tx) =>
    setStatus(tx, "anyang", c!.id, c!.status, "invalid", new Date().toISOString(), null),
  );
}

let file = 0;
async function costs(source: string, rows: [day: string, campaign: string, won: number][]) {
  const lines: CostRow[] = rows.map(([day, campaign, costWon], i) => ({
    day,
    campaign,
    costWon,
    impressions: 1000,
    clicks: 10,
    row: i + 2,
  }));
  const name = `cost-${file++}.csv`;
  await importCosts({
    siteId: "anyang",
    source,
    platform: "naver-search",
    fileName: name,
    fileSha256: createHash("sha256").update(name).digest("hex"),
    rows: lines,
    by: "agency@example.com",
  });
}

const pick = (f: CostFigures | null) =>
  f && { costWon: f.costWon, leads: f.leads, validLeads: f.validLeads };

describe.each(engines())("the weekly report ($name)", (engine) => {
  useTestDb(engine);

  it("shows the week's costs and results per source and campaign beside the week before, ranks campaigns by 유효 DB 단가, counts next week's booked visits per slot and 잔여 세대", async () => {
    setTestEnv({ LEADS_PHONE_RATE_LIMIT: "100" });
    // The week before: 브랜드 cost 50,000 for one lead.
    await costs("naver", [["2026-02-24", "브랜드", 50_000]]);
    await lead("010-7000-0001", "2026-02-24T11:00:00", { source: "naver", campaign: "브랜드" });
    // This week: 브랜드 100,000 for two leads, one of them 무효; 지역 90,000 for three; kakao's
    // 리타겟 30,000 and no lead; a lead of the 8th at 23:59 (Korean) is this week's.
    await costs("naver", [
      ["2026-03-03", "브랜드", 100_000],
      ["2026-03-04", "지역", 90_000],
    ]);
    await costs("kakao", [["2026-03-05", "리타겟", 30_000]]);
    await lead("010-7000-0002", "2026-03-03T09:00:00", { source: "naver", campaign: "브랜드" });
    await lead("010-7000-0003", "2026-03-03T10:00:00", { source: "naver", campaign: "브랜드" });
    await markInvalid("010-7000-0003");
    for (const [i, at] of [
      "2026-03-04T10:00:00",
      "2026-03-06T10:00:00",
      "2026-03-08T23:59:00",
    ].entries())
      await lead(`010-7000-001${i}`, at, { source: "naver", campaign: "지역" });
    // The Monday after (next week's first minute): not this week's.
    await lead("010-7000-0020", "2026-03-09T00:00:00", { source: "naver", campaign: "지역" });
    // Visits booked during the week for the next one (9–15 March): two at 10 March 14:00, one at
    // 11 March 10:00, one at 12 March 11:00 then cancelled; one for 16 March (the week after).
    await lead("010-7000-0031", "2026-03-06T12:00:00", {}, "2026-03-10T14:00");
    await lead("010-7000-0032", "2026-03-06T12:05:00", {}, "2026-03-10T14:00");
    await lead("010-7000-0033", "2026-03-06T12:10:00", {}, "2026-03-11T10:00");
    await lead("010-7000-0034", "2026-03-06T12:15:00", {}, "2026-03-12T11:00");
    await lead("010-7000-0035", "2026-03-06T12:20:00", {}, "2026-03-16T10:00");
    // The visitor's cancellation, as the booking page records it.
    await (
      await getDb()
    ).run("UPDATE leads SET visit_cancelled_at = $1 WHERE phone = '010-7000-0034'", [
      "2026-03-07T00:00:00.000Z",
    ]);

    const site = applyLive(requireSite("anyang"), {
      remainingUnits: { updatedAt: "2026-03-06T09:00:00+09:00", counts: { "59A": 12, "84A": 0 } },
    });
    const r = await weeklyReport(site, WEEK);

    expect(r.range).toEqual({ from: "2026-03-02", to: "2026-03-08" });
    expect(r.previous).toEqual({ from: "2026-02-23", to: "2026-03-01" });
    const naver = r.sources.find((l) => l.label === "naver")!;
    expect(pick(naver.figures)).toEqual({ costWon: 190_000, leads: 5, validLeads: 4 });
    expect(pick(naver.before)).toEqual({ costWon: 50_000, leads: 1, validLeads: 1 });
    expect(lineChanges(naver).costWon!.text).toBe("▲ 280%");
    const total = r.sources.at(-1)!;
    expect(total.label).toBe("합계");
    expect(pick(total.figures)).toEqual({ costWon: 220_000, leads: 10, validLeads: 9 });

    const brand = r.campaigns.find((l) => l.label === "naver · 브랜드")!;
    expect(pick(brand.figures)).toEqual({ costWon: 100_000, leads: 2, validLeads: 1 });
    expect(lineChanges(brand).validCost!.text).toBe("▲ 100%");
    expect(lineChanges(r.campaigns.find((l) => l.label === "kakao · 리타겟")!).cpl!.text).toBe("—");

    // 지역 90,000 ÷ 3 = 30,000 is the best, 브랜드 100,000 ÷ 1 the worst; 리타겟 has no 유효 DB.
    expect(r.best).toEqual([
      { label: "naver · 지역", validCost: 30_000, validLeads: 3, costWon: 90_000 },
    ]);
    expect(r.worst).toEqual([
      { label: "naver · 브랜드", validCost: 100_000, validLeads: 1, costWon: 100_000 },
    ]);

    expect(r.comingWeek).toEqual({
      range: { from: "2026-03-09", to: "2026-03-15" },
      slots: [
        { date: "2026-03-10", time: "14:00", count: 2 },
        { date: "2026-03-11", time: "10:00", count: 1 },
      ],
      total: 3,
    });
    expect(r.remaining).toEqual({
      updatedAt: "2026-03-06T09:00:00+09:00",
      units: [
        { label: "47A", count: 12 },
        { label: "96A", count: 0 },
      ],
    });
    // Counts only: nothing of a lead's name, phone or message is in the report.
    const text = JSON.stringify(r);
    expect(text).not.toMatch(/홍길동|010-7000|문의 \d/);

    // The XLSX has the same figures, in three sheets, and nothing personal either.
    const sheets = await readXlsxFile(await weeklyXlsx(r));
    expect(sheets.map((s) => s.sheet)).toEqual(["요약", "경로별", "캠페인별"]);
    const rowOf = (sheet: string, first: string) =>
      sheets.find((s) => s.sheet === sheet)!.data.find((row) => row[0] === first)!;
    expect(rowOf("요약", "비용").slice(0, 4)).toEqual(["비용", 220_000, 50_000, "▲ 340%"]);
    expect(rowOf("요약", "유효 DB 단가").slice(0, 3)).toEqual(["유효 DB 단가", 24_444, 50_000]);
    expect(rowOf("요약", "낮은 캠페인").slice(0, 3)).toEqual([
      "낮은 캠페인",
      "naver · 지역",
      30_000,
    ]);
    expect(rowOf("요약", "3월 10일(화) 14:00").slice(0, 2)).toEqual(["3월 10일(화) 14:00", 2]);
    expect(rowOf("요약", "47A").slice(0, 2)).toEqual(["47A", 12]);
    const brandRow = rowOf("캠페인별", "naver · 브랜드");
    expect(brandRow.slice(0, 2)).toEqual(["naver · 브랜드", 100_000]);
    expect(JSON.stringify(sheets)).not.toMatch(/홍길동|010-7000|문의 \d/);
  });

  it("says so when no campaign has a 유효 DB 단가, and has no 잔여 세대 without 운영 정보's", async () => {
    setTestEnv({ LEADS_PHONE_RATE_LIMIT: "100" });
    await costs("naver", [["2026-03-03", "브랜드", 10_000]]);
    await lead("010-7100-0001", "2026-03-03T09:00:00", { source: "naver", campaign: "지역" });
    const site = requireSite("anyang");
    const r = await weeklyReport({ ...site, remainingUnits: undefined }, WEEK);
    expect(r.best).toEqual([]);
    expect(r.worst).toEqual([]);
    expect(r.remaining).toBeNull();
    expect(r.comingWeek.total).toBe(0);
  });
});
