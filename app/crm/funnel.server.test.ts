import { beforeEach, describe, expect, it } from "vitest";
import { countChannel } from "~/channels/channel-counts.server";
import { channelSource } from "~/channels/channels";
import { getDb } from "~/db/db.server";
import { engines, setTestEnv, useTestDb } from "~/db/test-support";
import { createExternalLead, createLead } from "~/leads/leads.server";
import type { CustomerStatus } from "~/crm/crm";
import type { FunnelFigures } from "~/crm/funnel";
import type { LeadForm } from "~/leads/lead-form";
import { ALL_SITES } from "~/lib/sites";
import { upsertAdmin } from "~/auth/admin.server";
import { logCall, type Viewer } from "./calls.server";
import { setStatus } from "./customers.server";
import { funnel, funnelCsv, funnelLevels, funnelTotal, middleCard } from "./funnel.server";
import { requireSite } from "~/sites/registry.server";

// Sunday 1 March 2026 in Korea (10:00 KST), the day before, and the next day's first minute.
const NOW = new Date("2026-03-01T01:00:00.000Z");
const DAY_BEFORE = new Date("2026-02-28T01:00:00.000Z");
const NEXT_DAY = new Date("2026-03-01T15:00:00.000Z");
const LATER = new Date("2026-03-20T01:00:00.000Z");
const MARCH_1 = { from: "2026-03-01", to: "2026-03-01" };

let messageSeq = 0;
/**
 * A lead of `phone` with the visit's first touch: a source alone (utm_source), or its fields
 * (utm_source, utm_campaign), as the lead form sends them. Answers the person's card.
 */
async function lead(
  phone: string,
  touch: string | null | Record<string, string>,
  { siteId = "anyang", now = NOW, slot = null as string | null } = {},
) {
  const form: LeadForm = {
    kind: slot ? "visit" : "inquiry",
    name: "방문객",
    phone,
    message: `문의 ${messageSeq++}`,
    privacyConsent: true,
    smsConsent: false,
    visitSlot: slot,
  };
  const attribution = typeof touch === "string" ? { utm_source: touch } : (touch ?? {});
  const r = await createLead(
    requireSite(siteId),
    form,
    { ip: "198.51.100.7", source: "/", attribution },
    now,
  );
  expect(r.status).toBe("created");
  return card(phone, siteId);
}

async function card(phone: string, siteId = "anyang") {
  const row = await (
    await getDb()
  ).get<{ id: string; status: CustomerStatus }>(
    "SELECT id, status FROM customers WHERE site_id = $1 AND phone = $2",
    [siteId, phone],
  );
  return row!;
}

/** The administrator who logs the calls (made in the test's fresh tables on first use). */
let viewer: Viewer | undefined;
async function caller(): Promise<Viewer> {
  if (viewer) return viewer;
  const email = "funnel-admin@example.com";
  await upsertAdmin(email, "funnel-admin-password");
  const row = await (
    await getDb()
  ).get<{ id: string }>("SELECT id FROM admins WHERE email = $1", [email]);
  viewer = { adminId: row!.id, email, role: "agency" };
  return viewer;
}

/** A call answered on the card, later than the period (신규 → 상담 중). */
async function call(phone: string) {
  const c = await card(phone);
  const input = { result: "answered", note: "", interest: "B", nextDate: "", nextTime: "" };
  expect((await logCall("anyang", c.id, await caller(), input, LATER)).ok).toBe(true);
}

/** The card moved on by hand (방문 완료, 계약, 보류), later than the period. */
async function moveTo(phone: string, status: CustomerStatus) {
  const db = await getDb();
  const c = await card(phone);
  await db.transaction((tx) =>
    setStatus(tx, "anyang", c.id, c.status, status, LATER.toISOString(), null),
  );
}

const figures = (r: FunnelFigures) => [
  r.landings,
  r.telTaps,
  r.leads,
  r.people,
  r.called,
  r.booked,
  r.visited,
  r.contracted,
];

describe.each(engines())("the funnel per source ($name)", (engine) => {
  useTestDb(engine);
  beforeEach(() => {
    viewer = undefined;
  });

  it("counts per source the landings, taps, leads, people, calls, visits and contracts the test made; the total counts each person once", async () => {
    setTestEnv({ LEADS_PHONE_RATE_LIMIT: "100" });
    const A = "010-5100-0001"; // naver twice (once written Naver) and kakao: one person, two sources
    const B = "010-5100-0002"; // naver, called, 방문 완료
    const C = "010-5100-0003"; // naver, called, 계약 and then 보류 (the stage stays)
    const D = "010-5100-0004"; // no utm_source
    const F = "010-5100-0005"; // kakao, booked a visit from the form, never called
    const E = "010-5100-0006"; // naver the day before only: outside the period
    const G = "010-5100-0007"; // naver the next day only: outside the period

    for (let i = 0; i < 4; i++) await countChannel("anyang", "landing", "naver", NOW);
    for (let i = 0; i < 2; i++) await countChannel("anyang", "tel", "naver", NOW);
    for (let i = 0; i < 2; i++) await countChannel("anyang", "landing", "kakao", NOW);
    await countChannel("anyang", "tel", "", NOW);
    await countChannel("anyang", "landing", "naver", NEXT_DAY);
    await countChannel("anyang", "landing", "naver", DAY_BEFORE);
    await countChannel("suwon", "landing", "naver", NOW);

    await lead(A, "naver");
    await lead(A, "Naver");
    await lead(A, "kakao");
    await lead(B, "naver");
    await lead(C, "naver");
    await lead(D, null);
    await lead(F, "kakao", { slot: "2026-03-03T14:00" });
    await lead(E, "naver", { now: DAY_BEFORE });
    await lead(G, "naver", { now: NEXT_DAY });
    await lead(A, "naver", { siteId: "suwon" });

    await call(A);
    await call(B);
    await call(B);
    await moveTo(B, "visited");
    await call(C);
    await moveTo(C, "contracted");
    await moveTo(C, "on_hold");
    await call(E);
    await moveTo(E, "contracted");

    const report = await funnel("anyang", MARCH_1);
    expect(report.rows.map((r) => [r.source, ...figures(r)])).toEqual([
      // source   유입 탭 접수 고객 통화 방문예약 방문완료 계약
      ["kakao", 2, 0, 2, 2, 1, 1, 0, 0],
      ["naver", 4, 2, 4, 3, 3, 2, 2, 1],
      ["", 0, 1, 1, 1, 0, 0, 0, 0],
    ]);
    expect(figures(report.total)).toEqual([6, 3, 7, 5, 3, 3, 2, 1]);

    // Each complex its own; 모든 단지: a line per complex and source.
    const suwon = await funnel("suwon", MARCH_1);
    expect(suwon.rows.map((r) => [r.source, ...figures(r)])).toEqual([
      ["naver", 1, 0, 1, 1, 0, 0, 0, 0],
    ]);
    const all = await funnel(ALL_SITES, MARCH_1);
    expect(all.rows.map((r) => [r.siteId, r.source])).toEqual([
      ["anyang", "kakao"],
      ["anyang", "naver"],
      ["anyang", ""],
      ["suwon", "naver"],
    ]);
    expect(figures(all.total)).toEqual([7, 3, 8, 6, 3, 3, 2, 1]);
    // The total alone (the period before on 채널 성과): the same figures, each person once.
    expect(await funnelTotal("anyang", MARCH_1)).toEqual(report.total);
    expect(await funnelTotal(ALL_SITES, MARCH_1)).toEqual(all.total);

    // A period of the days before and after takes in E and G.
    const three = await funnel("anyang", { from: "2026-02-28", to: "2026-03-02" });
    expect(figures(three.rows.find((r) => r.source === "naver")!)).toEqual([
      6, 2, 6, 5, 4, 3, 3, 2,
    ]);
  });

  it("writes the CSV with a BOM, the Korean header, the conversions as percentages and an empty cell without a base", async () => {
    for (let i = 0; i < 8; i++) await countChannel("anyang", "landing", "naver", NOW);
    await lead("010-5200-0001", "naver");
    await lead("010-5200-0002", "naver");
    await call("010-5200-0001");
    await moveTo("010-5200-0001", "visit_booked");
    await lead("010-5200-0003", null);

    const report = await funnel("anyang", MARCH_1);
    const csv = funnelCsv(report, MARCH_1);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.slice(1).split("\r\n")).toEqual([
      "기간,유입 경로,유입,전화 탭,전화 접수,접수,유입→접수,고객,통화,고객→통화,방문 예약,통화→방문 예약,방문 완료,방문 예약→방문 완료,계약,방문 완료→계약",
      "2026-03-01~2026-03-01,naver,8,0,0,2,25.0%,2,1,50.0%,1,100.0%,0,0.0%,0,",
      "2026-03-01~2026-03-01,utm_source 없음,0,0,0,1,,1,0,0.0%,0,,0,,0,",
      "2026-03-01~2026-03-01,합계,8,0,0,3,37.5%,3,1,33.3%,1,100.0%,0,0.0%,0,",
      "",
    ]);
    expect(funnelCsv(await funnel(ALL_SITES, MARCH_1), MARCH_1, { withSite: true })).toContain(
      "\uFEFF단지,기간,유입 경로,",
    );
  });

  it("counts an outside lead under the hook's source, a retry once, and its person once in the total beside a form of another source", async () => {
    const phone = "010-5300-0001";
    const outside = {
      senderId: "meta-lead-1",
      name: "외부고객",
      phone,
      smsConsent: false,
      source: "meta",
      campaign: "open_day",
      message: "",
      ip: "203.0.113.5",
    };
    for (let i = 0; i < 2; i++) await createExternalLead(requireSite("anyang"), outside, NOW);
    await lead(phone, "naver");
    await call(phone);

    const report = await funnel("anyang", MARCH_1);
    expect(report.rows.map((r) => [r.source, ...figures(r)])).toEqual([
      ["meta", 0, 0, 1, 1, 1, 0, 0, 0],
      ["naver", 0, 0, 1, 1, 1, 0, 0, 0],
    ]);
    expect(figures(report.total)).toEqual([0, 0, 2, 1, 1, 0, 0, 0]);
  });

  it("per campaign, counts a person once on each campaign line, once on their source's line and once in the total", async () => {
    setTestEnv({ LEADS_PHONE_RATE_LIMIT: "100" });
    const A = "010-5400-0001"; // naver spring and summer (twice), kakao spring: called, 방문 완료
    const B = "010-5400-0002"; // naver spring
    const byCampaign = (phone: string, source: string, campaign: string) =>
      lead(phone, { utm_source: source, utm_campaign: campaign });
    await byCampaign(A, "naver", "spring");
    await byCampaign(A, "naver", "summer");
    await byCampaign(A, "naver", "summer");
    await byCampaign(A, "kakao", "spring");
    await byCampaign(B, "naver", "spring");
    await call(A);
    await moveTo(A, "visited");

    const levels = await funnelLevels("anyang", MARCH_1, { campaigns: true });
    const people = (r: FunnelFigures) => [
      r.leads,
      r.people,
      r.called,
      r.booked,
      r.visited,
      r.valid,
    ];
    expect(levels.byCampaign.rows.map((r) => [r.source, r.campaign, ...people(r)])).toEqual([
      ["kakao", "spring", 1, 1, 1, 1, 1, 1],
      ["naver", "spring", 2, 2, 1, 1, 1, 2],
      ["naver", "summer", 2, 1, 1, 1, 1, 1],
    ]);
    expect(levels.bySource.rows.map((r) => [r.source, ...people(r)])).toEqual([
      ["kakao", 1, 1, 1, 1, 1, 1],
      ["naver", 4, 2, 1, 1, 1, 2],
    ]);
    expect(people(levels.bySource.total)).toEqual([5, 2, 1, 1, 1, 2]);
  });

  it("counts a person once beside a lead without a source, spellings of one source, a lead without a campaign and another complex's card", async () => {
    setTestEnv({ LEADS_PHONE_RATE_LIMIT: "100" });
    const A = "010-5400-0011"; // no source, then Naver and naver (spring, and no campaign)
    await lead(A, {});
    await lead(A, { utm_source: "Naver", utm_campaign: "spring" });
    await lead(A, { utm_source: "naver" });
    await lead(A, { utm_source: "naver", utm_campaign: "spring" }, { siteId: "suwon" });
    await call(A);

    const levels = await funnelLevels(ALL_SITES, MARCH_1, { campaigns: true });
    const people = (r: FunnelFigures) => [r.leads, r.people, r.called, r.valid];
    expect(
      levels.byCampaign.rows.map((r) => [r.siteId, r.source, r.campaign, ...people(r)]),
    ).toEqual([
      ["anyang", "naver", "", 1, 1, 1, 1],
      ["anyang", "naver", "spring", 1, 1, 1, 1],
      ["anyang", channelSource(null), "", 1, 1, 1, 1],
      ["suwon", "naver", "spring", 1, 1, 0, 1],
    ]);
    expect(levels.bySource.rows.map((r) => [r.siteId, r.source, ...people(r)])).toEqual([
      ["anyang", "naver", 2, 1, 1, 1],
      ["anyang", channelSource(null), 1, 1, 1, 1],
      ["suwon", "naver", 1, 1, 0, 1],
    ]);
    // One person on each complex's card: two in all.
    expect(people(levels.bySource.total)).toEqual([4, 2, 1, 2]);
    expect(people(await funnelTotal(ALL_SITES, MARCH_1))).toEqual([4, 2, 1, 2]);
    expect(people(await funnelTotal("anyang", MARCH_1))).toEqual([3, 1, 1, 1]);
  });

  it("adds up the same lines when PostgreSQL reads the leads of half the cards in each of two statements", async () => {
    setTestEnv({ LEADS_PHONE_RATE_LIMIT: "1000", LEADS_RATE_LIMIT: "1000" });
    // A period longer than a month: read in halves once there are statistics.
    const QUARTER = { from: "2026-01-01", to: "2026-03-31" };
    const db = await getDb();
    // The statistics come from this test's ANALYZE alone, not from autovacuum meanwhile.
    if (engine.name === "postgres")
      await db.run("ALTER TABLE leads SET (autovacuum_enabled = false)");
    // 150 people (a histogram of card ids needs more than 100), some twice, some called.
    for (let i = 0; i < 150; i++) {
      const phone = `010-5500-${1000 + i}`;
      await lead(phone, {
        utm_source: ["naver", "kakao", "Naver"][i % 3]!,
        utm_campaign: `c${i % 2}`,
      });
      if (i % 4 === 0) await lead(phone, { utm_source: "naver", utm_campaign: "c1" });
      if (i % 10 === 0) await call(phone);
    }
    // No statistics yet: one statement.
    expect(await middleCard(db)).toBeNull();
    const whole = await funnelLevels("anyang", QUARTER, { campaigns: true });
    expect(whole.bySource.total.people).toBe(150);
    expect(whole.bySource.total.leads).toBe(188);

    await db.run("ANALYZE leads");
    const middle = await middleCard(db);
    if (engine.name === "sqlite") expect(middle).toBeNull();
    else {
      // Each half holds about half the cards.
      const below = await db.get<{ n: number }>(
        "SELECT COUNT(*) AS n FROM customers WHERE site_id = 'anyang' AND id < $1",
        [middle],
      );
      expect(below!.n).toBeGreaterThan(40);
      expect(below!.n).toBeLessThan(110);
    }
    expect(await funnelLevels("anyang", QUARTER, { campaigns: true })).toEqual(whole);
  });

  it("answers a period without anything with no lines and a total of zeros", async () => {
    const report = await funnel("anyang", MARCH_1);
    expect(report.rows).toEqual([]);
    expect(figures(report.total)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(await funnelTotal("anyang", MARCH_1)).toEqual(report.total);
  });
});
