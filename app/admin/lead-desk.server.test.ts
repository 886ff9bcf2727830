import { describe, expect, it } from "vitest";
import { engines, setTestEnv, useTestDb } from "~/db/test-support";
import { createLead } from "~/leads/leads.server";
import {
  DESK_MESSAGES,
  deskFilterQuery,
  describeDeskFilter,
  parseDeskFilter,
} from "~/lib/lead-desk";
import type { LeadForm } from "~/lib/lead-form";
import { ALL_SITES } from "~/lib/sites";
import { logAccess, recentAccess } from "./access-log.server";
import {
  allDeskLeads,
  countNewLeads,
  deskCsv,
  deskScope,
  deskSources,
  listDeskLeads,
  updateLeadDesk,
} from "./lead-desk.server";

const lead = (name: string, phone: string, kind: LeadForm["kind"] = "inquiry"): LeadForm => ({
  kind,
  name,
  phone,
  message: "",
  privacyConsent: true,
  smsConsent: false,
  visitSlot: null,
});
const day = (d: string) => new Date(`${d}T03:00:00.000Z`); // noon in Korea
const ANYANG = "anyang";
const filter = (q: string) => parseDeskFilter(new URLSearchParams(q));

describe.each(engines())("lead desk ($name)", (engine) => {
  useTestDb(engine);

  async function seed() {
    setTestEnv({ LEADS_DUPLICATE_WINDOW_SECONDS: "0", LEADS_RATE_LIMIT: "1000" });
    const meta = { ip: "1", source: "/" };
    await createLead("anyang", lead("홍길동", "010-1234-5678", "visit"), meta, day("2026-03-01"));
    await createLead("anyang", lead("김철수", "02-123-4567"), meta, day("2026-03-02"));
    await createLead("anyang", lead("=HYPERLINK(1)", "010-9999-0000"), meta, day("2026-03-03"));
    await createLead("anyang", lead("100%_이름", "031-555-1234", "visit"), meta, day("2026-03-04"));
  }

  it("lists newest first, and finds a phone number typed in any format", async () => {
    await seed();
    expect((await listDeskLeads(ANYANG, {})).leads.map((l) => l.name)).toEqual([
      "100%_이름",
      "=HYPERLINK(1)",
      "김철수",
      "홍길동",
    ]);
    for (const q of ["01012345678", "010 1234 5678", "+82 10-1234-5678", "5678", "홍길"]) {
      expect(
        (await listDeskLeads(ANYANG, filter(`q=${encodeURIComponent(q)}`))).leads.map(
          (l) => l.name,
        ),
      ).toEqual(["홍길동"]);
    }
    expect((await listDeskLeads(ANYANG, filter("q=0212345"))).leads.map((l) => l.name)).toEqual([
      "김철수",
    ]);
    // LIKE wildcards are searched as text.
    expect((await listDeskLeads(ANYANG, filter("q=%25_"))).leads.map((l) => l.name)).toEqual([
      "100%_이름",
    ]);
    expect((await listDeskLeads(ANYANG, filter("q=%25"))).leads.map((l) => l.name)).toEqual([
      "100%_이름",
    ]);
  });

  it("filters by form, status and a date range in Korean days", async () => {
    await seed();
    expect((await listDeskLeads(ANYANG, filter("kind=visit"))).leads.map((l) => l.name)).toEqual([
      "100%_이름",
      "홍길동",
    ]);
    expect((await listDeskLeads(ANYANG, filter("from=2026-03-02&to=2026-03-03"))).total).toBe(2);
    const [first] = (await listDeskLeads(ANYANG, filter("q=김철수"))).leads;
    await updateLeadDesk(ANYANG, first!.id, { status: "contacted", memo: "" });
    expect(
      (await listDeskLeads(ANYANG, filter("status=contacted"))).leads.map((l) => l.name),
    ).toEqual(["김철수"]);
    expect((await listDeskLeads(ANYANG, filter("status=new"))).total).toBe(3);
    // Unknown values are ignored, not errors.
    expect(filter("kind=robot&status=x&from=yesterday&q=")).toEqual({});
    expect(describeDeskFilter(filter("kind=visit&status=new&q=010"))).toBe(
      "구분=방문예약, 상태=신규, 이름·연락처 검색=010",
    );
  });

  it("filters by source: a campaign's utm_source, else the referring site, else a direct visit", async () => {
    setTestEnv({ LEADS_DUPLICATE_WINDOW_SECONDS: "0", LEADS_RATE_LIMIT: "1000" });
    const from = (attribution: Record<string, string>) => ({ ip: "1", source: "/", attribution });
    await createLead(
      "anyang",
      lead("네이버", "010-1111-0001"),
      from({ utm_source: "naver", utm_campaign: "open_day", referrer: "m.search.naver.com" }),
      day("2026-03-01"),
    );
    await createLead(
      "anyang",
      lead("다음", "010-1111-0002"),
      from({ referrer: "search.daum.net" }),
      day("2026-03-02"),
    );
    await createLead("anyang", lead("직접", "010-1111-0003"), from({}), day("2026-03-03"));
    await createLead(
      "anyang",
      lead("네이버둘", "010-1111-0004", "visit"),
      from({ utm_source: "naver" }),
      day("2026-03-04"),
    );
    const names = async (q: string) =>
      (await listDeskLeads(ANYANG, filter(q))).leads.map((l) => l.name);

    expect(await deskSources(ANYANG)).toEqual({
      utm: ["naver"],
      referrers: ["search.daum.net"],
      direct: true,
    });
    expect(await names("source=utm:naver")).toEqual(["네이버둘", "네이버"]);
    // The naver campaign's lead also came from m.search.naver.com: it is counted under its campaign.
    expect(await names("source=ref:m.search.naver.com")).toEqual([]);
    expect(await names("source=ref:search.daum.net")).toEqual(["다음"]);
    expect(await names("source=direct")).toEqual(["직접"]);
    // Combined with the other filters, and in the CSV the same way.
    expect(await names("source=utm:naver&kind=inquiry")).toEqual(["네이버"]);
    const csv = deskCsv(await allDeskLeads(ANYANG, filter("source=utm:naver")))
      .trimEnd()
      .split("\r\n");
    expect(csv).toHaveLength(3);
    expect(csv[2]).toContain(",naver,,open_day,,,m.search.naver.com,");
    expect(describeDeskFilter(filter("source=ref:search.daum.net&kind=inquiry"))).toBe(
      "구분=상담문의, 유입 경로=search.daum.net (유입 사이트)",
    );
    expect(describeDeskFilter(filter("source=direct"))).toBe("유입 경로=직접 방문");
    // Paging links and the CSV address keep the source with the other filters.
    expect(deskFilterQuery(filter("kind=visit&source=utm:naver"), { page: "2" })).toBe(
      "kind=visit&source=utm%3Anaver&page=2",
    );
    // Anything else in the address is ignored, never an error.
    expect(filter("source=naver")).toEqual({});
    expect(filter("source=ref:<script>")).toEqual({});
  });

  it("saves status and memo at once, with their times, and refuses what is not a status", async () => {
    await seed();
    const [target] = (await listDeskLeads(ANYANG, filter("q=01012345678"))).leads;
    const when = new Date("2026-03-05T00:00:00.000Z");
    const saved = await updateLeadDesk(
      ANYANG,
      target!.id,
      { status: "visited", memo: "  3/7 방문 예정  " },
      when,
    );
    expect(saved).toMatchObject({
      ok: true,
      changed: ["상태 신규→방문", "메모"],
      lead: {
        status: "visited",
        memo: "3/7 방문 예정",
        statusAt: when.toISOString(),
        memoAt: when.toISOString(),
      },
    });
    const again = await updateLeadDesk(
      ANYANG,
      target!.id,
      { status: "visited", memo: "바뀐 메모" },
      new Date(when.getTime() + 1000),
    );
    expect(again).toMatchObject({
      ok: true,
      changed: ["메모"],
      lead: { statusAt: when.toISOString() },
    });
    expect(await updateLeadDesk(ANYANG, target!.id, { status: "deleted", memo: "" })).toEqual({
      ok: false,
      message: DESK_MESSAGES.badStatus,
    });
    expect(
      await updateLeadDesk(ANYANG, target!.id, { status: "new", memo: "x".repeat(501) }),
    ).toEqual({
      ok: false,
      message: DESK_MESSAGES.memoTooLong,
    });
    expect(await updateLeadDesk(ANYANG, "missing", { status: "new", memo: "" })).toEqual({
      ok: false,
      message: DESK_MESSAGES.notFound,
    });
  });

  it("writes the filtered list as CSV with a BOM, Korean headers, status and memo, and formulas defused", async () => {
    await seed();
    const csv = deskCsv(await allDeskLeads(ANYANG, filter("kind=inquiry")));
    expect(csv.startsWith("\uFEFF접수일시 (KST),구분,이름,연락처,")).toBe(true);
    const [header, ...rows] = csv.trimEnd().split("\r\n");
    expect(header!.endsWith(",상태,메모,상태변경일시 (KST)")).toBe(true);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain(",'=HYPERLINK(1),010-9999-0000,");
    expect(rows[0]!.endsWith(",신규,,")).toBe(true);
  });

  it("keeps an access record of who saw, downloaded or changed what", async () => {
    const admin = { adminId: "a1", email: "admin@example.com" };
    await logAccess(
      {
        scope: ANYANG,
        admin,
        action: "view",
        target: "상담 접수 목록",
        filter: "전체",
        rowCount: 4,
        ip: "127.0.0.1",
      },
      day("2026-03-01"),
    );
    await logAccess(
      {
        scope: ANYANG,
        admin,
        action: "download",
        target: "상담 접수 CSV",
        filter: "구분=방문예약",
        rowCount: 2,
      },
      day("2026-03-02"),
    );
    expect(
      (await recentAccess(ANYANG)).map((e) => [e.action, e.adminEmail, e.filter, e.rowCount]),
    ).toEqual([
      ["download", "admin@example.com", "구분=방문예약", 2],
      ["view", "admin@example.com", "전체", 4],
    ]);
  });

  it("shows one complex's desk only its leads, sources, counts and edits; 모든 단지 lists all with their complex", async () => {
    await seed();
    const meta = { ip: "2", source: "/", attribution: { utm_source: "daangn" } };
    await createLead("suwon", lead("분당고객", "010-7777-8888"), meta, day("2026-03-05"));
    const suwonId = (await listDeskLeads("suwon", {})).leads[0]!.id;

    const names = async (scope: string, q = "") =>
      (await listDeskLeads(scope, filter(q))).leads.map((l) => l.name);
    expect(await names(ANYANG)).toEqual(["100%_이름", "=HYPERLINK(1)", "김철수", "홍길동"]);
    expect(await names("suwon")).toEqual(["분당고객"]);
    expect(await names(ANYANG, "q=7777")).toEqual([]);
    expect(await names(ALL_SITES)).toHaveLength(5);
    expect((await listDeskLeads(ALL_SITES, {})).leads[0]).toMatchObject({
      name: "분당고객",
      siteId: "suwon",
    });
    expect((await deskSources(ANYANG)).utm).toEqual([]);
    expect((await deskSources("suwon")).utm).toEqual(["daangn"]);
    expect(await countNewLeads(ANYANG)).toBe(4);
    expect(await countNewLeads("suwon")).toBe(1);

    // Another complex's lead cannot be changed from this complex's desk.
    expect(await updateLeadDesk(ANYANG, suwonId, { status: "closed", memo: "x" })).toEqual({
      ok: false,
      message: DESK_MESSAGES.notFound,
    });
    expect((await listDeskLeads("suwon", {})).leads[0]).toMatchObject({
      status: "new",
      memo: "",
    });
    expect(
      await updateLeadDesk(ALL_SITES, suwonId, { status: "contacted", memo: "" }),
    ).toMatchObject({ ok: true });

    // The CSV: one complex's rows only; 모든 단지 with a 단지 column first.
    const csv = deskCsv(await allDeskLeads(ANYANG, {}));
    expect(csv).not.toContain("분당고객");
    const all = deskCsv(await allDeskLeads(ALL_SITES, {}), { withSite: true });
    const rows = all.slice(1).trimEnd().split("\r\n");
    expect(rows[0]!.startsWith("단지,접수일시 (KST),")).toBe(true);
    expect(rows.slice(1).map((r) => r.split(",")[0])).toEqual([
      "suwon",
      "anyang",
      "anyang",
      "anyang",
      "anyang",
    ]);
  });

  it("lets only an administrator of every complex choose the desk's complex", () => {
    const everywhere = { sites: ALL_SITES } as const;
    const ofBundang = { sites: ["suwon", "pangyo"] };
    expect(deskScope(everywhere, ANYANG, null)).toEqual({ scope: ANYANG, choosable: true });
    expect(deskScope(everywhere, ANYANG, "*")).toEqual({ scope: ALL_SITES, choosable: true });
    expect(deskScope(everywhere, ANYANG, "suwon")).toEqual({
      scope: "suwon",
      choosable: true,
    });
    expect(deskScope(everywhere, ANYANG, "Bad_Id")).toEqual({ scope: ANYANG, choosable: true });
    for (const asked of [null, "*", "pangyo", "anyang"])
      expect(deskScope(ofBundang, "suwon", asked)).toEqual({
        scope: "suwon",
        choosable: false,
      });
  });

  it("shows a complex's access record with the accesses to every complex, never another complex's", async () => {
    const admin = { adminId: "a1", email: "admin@example.com" };
    const entry = { admin, action: "view" as const, target: "상담 접수 목록", rowCount: 1 };
    await logAccess({ ...entry, scope: ANYANG, filter: "안양" }, day("2026-03-01"));
    await logAccess({ ...entry, scope: "suwon", filter: "분당" }, day("2026-03-02"));
    await logAccess({ ...entry, scope: ALL_SITES, filter: "모두" }, day("2026-03-03"));
    const filters = async (scope: string) => (await recentAccess(scope)).map((e) => e.filter);
    expect(await filters(ANYANG)).toEqual(["모두", "안양"]);
    expect(await filters("suwon")).toEqual(["모두", "분당"]);
    expect(await filters(ALL_SITES)).toEqual(["모두", "분당", "안양"]);
  });
});
