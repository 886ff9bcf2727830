import { describe, expect, it } from "vitest";
import { cancelBooking } from "~/bookings/bookings.server";
import { engines, useTestDb } from "~/db/test-support";
import { createLead } from "~/leads/leads.server";
import type { ChannelRow } from "~/channels/channels";
import type { LeadForm } from "~/leads/lead-form";
import { ALL_SITES } from "~/lib/sites";
import { listOutbox } from "~/outbox/outbox.server";
import {
  channelCsv,
  channelReport,
  countChannel,
  SOURCES_PER_DAY_MAX,
} from "./channel-counts.server";
import { requireSite } from "~/sites/registry.server";

// Sunday 1 March 2026 in Korea: 10:00 KST, and the day's last and the next day's first minute.
const NOW = new Date("2026-03-01T01:00:00.000Z");
const LATE = new Date("2026-03-01T14:59:00.000Z");
const NEXT_DAY = new Date("2026-03-01T15:00:00.000Z");
const MARCH = { from: "2026-02-01", to: "2026-03-31" };

let phoneSeq = 1000;
const form = (slot: string | null = null): LeadForm => ({
  kind: slot ? "visit" : "inquiry",
  name: "방문객",
  phone: `010-4000-${phoneSeq++}`,
  message: "",
  privacyConsent: true,
  smsConsent: false,
  visitSlot: slot,
});

/** A lead from the source's campaign (as the lead form sends the visit's first touch). */
async function lead(siteId: string, utmSource: string | null, now: Date, slot?: string) {
  const attribution = utmSource ? { utm_source: utmSource } : {};
  const r = await createLead(
    requireSite(siteId),
    form(slot),
    { ip: "198.51.100.7", source: "/", attribution },
    now,
  );
  expect(r.status).toBe("created");
  return r;
}

const figures = (r: ChannelRow) =>
  [r.day, r.source, r.landings, r.telTaps, r.leads, r.visits] as const;

describe.each(engines())("the channel report ($name)", (engine) => {
  useTestDb(engine);

  it("counts landings and phone taps per source and Korean day, newest day first, with each source's total", async () => {
    for (let i = 0; i < 3; i++) await countChannel("anyang", "landing", "naver", NOW);
    await countChannel("anyang", "tel", "naver", NOW);
    await countChannel("anyang", "tel", "naver", LATE);
    await countChannel("anyang", "landing", "kakao", LATE);
    await countChannel("anyang", "tel", "", NOW);
    // 00:00 on 2 March in Korea is the next day.
    await countChannel("anyang", "landing", "naver", NEXT_DAY);

    const report = await channelReport("anyang", MARCH);
    expect(report.rows.map(figures)).toEqual([
      ["2026-03-02", "naver", 1, 0, 0, 0],
      ["2026-03-01", "kakao", 1, 0, 0, 0],
      ["2026-03-01", "naver", 3, 2, 0, 0],
      ["2026-03-01", "", 0, 1, 0, 0],
    ]);
    expect(report.totals.map(figures)).toEqual([
      ["", "kakao", 1, 0, 0, 0],
      ["", "naver", 4, 2, 0, 0],
      ["", "", 0, 1, 0, 0],
    ]);
    // Days outside the period are left out.
    const first = await channelReport("anyang", { from: "2026-03-02", to: "2026-03-02" });
    expect(first.rows.map(figures)).toEqual([["2026-03-02", "naver", 1, 0, 0, 0]]);
  });

  it("puts each day's leads and booked visits beside the landings of their utm_source; a cancelled booking is a lead, not a visit", async () => {
    await countChannel("anyang", "landing", "naver", NOW);
    await countChannel("anyang", "landing", "naver", NOW);
    await lead("anyang", "Naver", NOW);
    await lead("anyang", "naver", NOW, "2026-03-03T14:00");
    const cancelled = await lead("anyang", "naver", NOW, "2026-03-03T15:00");
    await lead("anyang", null, LATE);
    await lead("anyang", "naver", NEXT_DAY);

    // The visitor cancels through the link in the confirmation SMS.
    const sms = (await listOutbox("anyang")).find(
      (r) => r.lead_id === (cancelled as { id: string }).id && r.purpose === "confirmation",
    );
    const token = /\/b\/([A-Za-z0-9_-]+)/.exec(JSON.parse(sms!.payload).text as string)![1]!;
    expect((await cancelBooking(requireSite("anyang"), token, NOW)).status).toBe("cancelled");

    const report = await channelReport("anyang", MARCH);
    expect(report.rows.map(figures)).toEqual([
      ["2026-03-02", "naver", 0, 0, 1, 0],
      ["2026-03-01", "naver", 2, 0, 3, 1],
      ["2026-03-01", "", 0, 0, 1, 0],
    ]);
  });

  it("keeps each complex's counts to its own report; 모든 단지 has both", async () => {
    await countChannel("anyang", "landing", "naver", NOW);
    await countChannel("anyang", "tel", "naver", NOW);
    await lead("anyang", "naver", NOW);
    await countChannel("suwon", "landing", "daangn", NOW);

    expect((await channelReport("suwon", MARCH)).rows.map(figures)).toEqual([
      ["2026-03-01", "daangn", 1, 0, 0, 0],
    ]);
    expect((await channelReport("anyang", MARCH)).rows.map(figures)).toEqual([
      ["2026-03-01", "naver", 1, 1, 1, 0],
    ]);
    const all = await channelReport(ALL_SITES, MARCH);
    expect(all.rows.map((r) => [r.siteId, r.source])).toEqual([
      ["anyang", "naver"],
      ["suwon", "daangn"],
    ]);
  });

  it(`counts a day's sources past ${SOURCES_PER_DAY_MAX} under one line, so the table cannot be filled`, async () => {
    for (let i = 0; i < SOURCES_PER_DAY_MAX; i++)
      await countChannel("anyang", "landing", `s${i}`, NOW);
    await countChannel("anyang", "landing", "one-too-many", NOW);
    await countChannel("anyang", "tel", "another", NOW);
    // A source already counted that day goes on counting under its own name.
    await countChannel("anyang", "landing", "s0", NOW);
    // The next day starts afresh.
    await countChannel("anyang", "landing", "one-too-many", NEXT_DAY);

    const report = await channelReport("anyang", MARCH);
    expect(report.rows).toHaveLength(SOURCES_PER_DAY_MAX + 2);
    expect(report.rows.map(figures)).toContainEqual(["2026-03-01", "*", 1, 1, 0, 0]);
    expect(report.rows.map(figures)).toContainEqual(["2026-03-01", "s0", 2, 0, 0, 0]);
    expect(report.rows.map(figures)).toContainEqual(["2026-03-02", "one-too-many", 1, 0, 0, 0]);
  });

  it("writes the same figures as CSV: BOM, Korean header, a line per day and source, then the totals", async () => {
    for (let i = 0; i < 8; i++) await countChannel("anyang", "landing", "naver", NOW);
    await countChannel("anyang", "tel", "naver", NOW);
    await countChannel("anyang", "tel", "", NOW);
    await lead("anyang", "naver", NOW);

    const csv = channelCsv(await channelReport("anyang", MARCH), MARCH);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.slice(1).trimEnd().split("\r\n")).toEqual([
      "날짜,유입 경로,유입,전화 탭,상담 접수,방문 예약,100명당 접수",
      "2026-03-01,naver,8,1,1,0,12.5",
      "2026-03-01,utm_source 없음,0,1,0,0,",
      "합계 2026-02-01~2026-03-31,naver,8,1,1,0,12.5",
      "합계 2026-02-01~2026-03-31,utm_source 없음,0,1,0,0,",
    ]);
    const all = channelCsv(await channelReport(ALL_SITES, MARCH), MARCH, { withSite: true });
    expect(all.slice(1).split("\r\n")[1]).toBe("anyang,2026-03-01,naver,8,1,1,0,12.5");
  });
});
