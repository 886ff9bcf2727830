import { describe, expect, it } from "vitest";
import { leadsToCsv } from "./csv.server";
import type { Lead } from "./leads.server";

const lead: Lead = {
  id: "1",
  siteId: "anyang",
  kind: "inquiry",
  name: "홍길동",
  phone: "010-1234-5678",
  message: '84A, "잔여세대"\n주말 방문 가능한가요?',
  privacyConsentAt: "2026-03-01T15:30:00.000Z",
  privacyConsentVersion: "2026-11-01",
  smsConsent: false,
  smsConsentAt: null,
  source: "/Promotion/Customer",
  ip: "203.0.113.7",
  userAgent: null,
  idempotencyKey: null,
  createdAt: "2026-03-01T15:30:00.000Z",
  visitAt: null,
  visitCancelledAt: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
  referrerHost: null,
  shownPhone: "1600-0000",
  consentUnconfirmed: false,
  consentRecordedBy: null,
  consentWhere: null,
};

describe("leads CSV export", () => {
  it("starts with a BOM and the Korean header row", () => {
    const csv = leadsToCsv([]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe(
      "접수일시 (KST),구분,이름,연락처,문의내용,개인정보동의일시,동의버전,SMS수신동의,접수페이지,방문예약일시 (KST),예약취소일시 (KST),utm_source,utm_medium,utm_campaign,utm_term,utm_content,유입 사이트,표시 번호,동의 확인,동의 받은 곳,동의 기록자\r\n",
    );
  });

  it("writes times in KST and quotes commas, quotes and line breaks", () => {
    const [, row] = leadsToCsv([lead]).slice(1).split("\r\n");
    expect(row).toBe(
      '2026-03-02 00:30:00,상담문의,홍길동,010-1234-5678,"84A, ""잔여세대""\n주말 방문 가능한가요?",2026-03-02 00:30:00,2026-11-01,미동의,/Promotion/Customer,,,,,,,,,1600-0000,확인,홈페이지 신청서 (/Promotion/Customer),',
    );
  });

  it("labels visits and SMS consent in Korean", () => {
    const visit = { ...lead, kind: "visit" as const, message: "", smsConsent: true };
    const [, booked, interest] = leadsToCsv([
      { ...visit, visitAt: "2026-03-03T01:00:00.000Z" },
      visit,
    ])
      .slice(1)
      .split("\r\n");
    // The registration as its form's title names it: with a visit time, and without.
    expect(booked).toContain(",방문예약,");
    expect(interest).toContain(",관심고객 등록,");
    expect(booked).toContain(",동의,");
  });

  it("adds the booked visit, its cancellation, where the lead came from and the number shown", () => {
    const [, row] = leadsToCsv([
      {
        ...lead,
        kind: "visit",
        message: "",
        visitAt: "2026-03-02T05:00:00.000Z",
        visitCancelledAt: "2026-03-01T16:00:00.000Z",
        utmSource: "naver",
        utmMedium: "cpc",
        utmCampaign: "open_day",
        utmTerm: "평촌 아파트",
        utmContent: "banner_a",
        referrerHost: "m.search.naver.com",
        shownPhone: "050-7123-4567",
        consentRecordedBy: null,
      },
    ])
      .slice(1)
      .split("\r\n");
    expect(row).toMatch(
      /,2026-03-02 14:00,2026-03-02 01:00:00,naver,cpc,open_day,평촌 아파트,banner_a,m\.search\.naver\.com,050-7123-4567,확인,홈페이지 신청서 \(\/Promotion\/Customer\),$/,
    );
  });

  it("says whose consent is unconfirmed, where consent was given and who recorded a call's", () => {
    const rows = leadsToCsv([
      { ...lead, kind: "phone", consentRecordedBy: "desk@example.com" },
      { ...lead, source: "/admin/leads/import", consentWhere: "분양 박람회 현장 (2026-05-02)" },
      { ...lead, source: "/hooks/meta", consentUnconfirmed: true, smsConsent: false },
      { ...lead, source: "/hooks/meta" },
      { ...lead, source: "/hooks/leads" },
    ])
      .slice(1)
      .split("\r\n")
      .slice(1, 6)
      .map((row) => row.split(",").slice(-3).join(","));
    expect(rows).toEqual([
      "확인,전화,desk@example.com",
      "확인,분양 박람회 현장 (2026-05-02),",
      "동의 미확인,,",
      "확인,Meta 리드 양식,",
      "확인,외부 연동 (보낸 곳의 확인),",
    ]);
  });

  it("defuses a name a spreadsheet would run as a formula", () => {
    const csv = leadsToCsv([{ ...lead, name: "=cmd|' /C calc'!A0", message: "" }]);
    expect(csv).toContain(",'=cmd|' /C calc'!A0,");
  });
});
