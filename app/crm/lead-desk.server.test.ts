import { beforeEach, describe, expect, it } from "vitest";
import { upsertAdmin } from "~/auth/admin.server";
import { TEST_PASSWORD } from "~/auth/test-support";
import {
  CALL_MESSAGES,
  changeStatus,
  logCall,
  reassign,
  saveMemo,
  type Viewer,
} from "~/crm/calls.server";
import { listCards } from "~/crm/desk.server";
import { engines, setTestEnv, useTestDb } from "~/db/test-support";
import { createLead } from "~/leads/leads.server";
import { deskFilterQuery, describeDeskFilter, parseDeskFilter } from "~/crm/lead-desk";
import { leadForm as lead } from "~/leads/test-support";
import { ALL_SITES } from "~/lib/sites";
import { logAccess, recentAccess } from "../auth/access-log.server";
import { allDeskLeads, countNewLeads, deskCsv, deskScope, deskSources } from "./lead-desk.server";
import { requireSite } from "~/sites/registry.server";

const day = (d: string) => new Date(`${d}T03:00:00.000Z`); // noon in Korea
const ANYANG = "anyang";
const filter = (q: string) => parseDeskFilter(new URLSearchParams(q));

describe.each(engines())("lead desk ($name)", (engine) => {
  const t = useTestDb(engine);
  /** The desk as an administrator of every complex works it. */
  let AGENCY: Viewer;
  const idOf = async (email: string) =>
    (await t.db().get<{ id: string }>("SELECT id FROM admins WHERE email = $1", [email]))!.id;
  beforeEach(async () => {
    await upsertAdmin("admin@example.com", TEST_PASSWORD);
    AGENCY = {
      adminId: await idOf("admin@example.com"),
      email: "admin@example.com",
      role: "agency",
    };
  });

  async function seed() {
    setTestEnv({ LEADS_DUPLICATE_WINDOW_SECONDS: "0", LEADS_RATE_LIMIT: "1000" });
    const meta = { ip: "1", source: "/" };
    await createLead(
      requireSite("anyang"),
      lead("홍길동", "010-1234-5678", "visit"),
      meta,
      day("2026-03-01"),
    );
    await createLead(requireSite("anyang"), lead("김철수", "02-123-4567"), meta, day("2026-03-02"));
    await createLead(
      requireSite("anyang"),
      lead("=HYPERLINK(1)", "010-9999-0000"),
      meta,
      day("2026-03-03"),
    );
    await createLead(
      requireSite("anyang"),
      lead("100%_이름", "031-555-1234", "visit"),
      meta,
      day("2026-03-04"),
    );
  }
  const cards = async (scope: string, q = "") => (await listCards(scope, filter(q), AGENCY)).cards;
  const names = async (scope: string, q = "") => (await cards(scope, q)).map((c) => c.name);
  const cardOf = async (q: string) => (await cards(ANYANG, q))[0]!;

  it("lists people newest first, and finds a phone number typed in any format", async () => {
    await seed();
    expect(await names(ANYANG)).toEqual(["100%_이름", "=HYPERLINK(1)", "김철수", "홍길동"]);
    for (const q of ["01012345678", "010 1234 5678", "+82 10-1234-5678", "5678", "홍길"])
      expect(await names(ANYANG, `q=${encodeURIComponent(q)}`)).toEqual(["홍길동"]);
    expect(await names(ANYANG, "q=0212345")).toEqual(["김철수"]);
    // LIKE wildcards are searched as text.
    expect(await names(ANYANG, "q=%25_")).toEqual(["100%_이름"]);
    expect(await names(ANYANG, "q=%25")).toEqual(["100%_이름"]);
  });

  it("filters by form, status and a date range in Korean days", async () => {
    await seed();
    expect(await names(ANYANG, "kind=visit")).toEqual(["100%_이름", "홍길동"]);
    expect((await listCards(ANYANG, filter("from=2026-03-02&to=2026-03-03"), AGENCY)).total).toBe(
      2,
    );
    // A Korean day: 2026-03-02 00:00 KST is 03-01 15:00 UTC.
    expect(await names(ANYANG, "to=2026-03-01")).toEqual(["홍길동"]);
    const kim = await cardOf("q=김철수");
    await changeStatus(ANYANG, kim.id, AGENCY, "counseling");
    expect(await names(ANYANG, "status=counseling")).toEqual(["김철수"]);
    expect((await listCards(ANYANG, filter("status=new"), AGENCY)).total).toBe(3);
    // Unknown values are ignored, not errors.
    expect(filter("kind=robot&status=x&from=yesterday&q=")).toEqual({});
    expect(filter("status=contacted")).toEqual({});
    expect(describeDeskFilter(filter("kind=visit&status=new&q=010"))).toBe(
      "구분=방문예약 · 관심고객 등록, 상태=신규, 이름·연락처 검색=010",
    );
  });

  it("finds a person by any of their forms: a second form of the same phone is the same card", async () => {
    await seed();
    const meta = { ip: "1", source: "/" };
    await createLead(
      requireSite("anyang"),
      lead("김철수", "02-123-4567", "visit"),
      meta,
      day("2026-03-05"),
    );
    // One person, latest touch first, found by the inquiry and by the booking.
    expect(await names(ANYANG)).toEqual(["김철수", "100%_이름", "=HYPERLINK(1)", "홍길동"]);
    expect(await cardOf("q=김철수")).toMatchObject({ touches: 2, status: "new" });
    expect(await names(ANYANG, "kind=inquiry")).toEqual(["김철수", "=HYPERLINK(1)"]);
    expect(await names(ANYANG, "kind=visit&from=2026-03-05")).toEqual(["김철수"]);
    // The CSV has a row per form that matches.
    const rows = deskCsv(await allDeskLeads(ANYANG, filter("q=김철수"), AGENCY))
      .trimEnd()
      .split("\r\n")
      .slice(1);
    expect(rows.map((r) => r.split(",")[1])).toEqual(["관심고객 등록", "상담문의"]);
  });

  it("filters by source: a campaign's utm_source, else the referring site, else a direct visit", async () => {
    setTestEnv({ LEADS_DUPLICATE_WINDOW_SECONDS: "0", LEADS_RATE_LIMIT: "1000" });
    const from = (attribution: Record<string, string>) => ({ ip: "1", source: "/", attribution });
    await createLead(
      requireSite("anyang"),
      lead("네이버", "010-1111-0001"),
      from({ utm_source: "naver", utm_campaign: "open_day", referrer: "m.search.naver.com" }),
      day("2026-03-01"),
    );
    await createLead(
      requireSite("anyang"),
      lead("다음", "010-1111-0002"),
      from({ referrer: "search.daum.net" }),
      day("2026-03-02"),
    );
    await createLead(
      requireSite("anyang"),
      lead("직접", "010-1111-0003"),
      from({}),
      day("2026-03-03"),
    );
    await createLead(
      requireSite("anyang"),
      lead("네이버둘", "010-1111-0004", "visit"),
      from({ utm_source: "naver" }),
      day("2026-03-04"),
    );
    const of = (q: string) => names(ANYANG, q);

    expect(await deskSources(ANYANG)).toEqual({
      utm: ["naver"],
      referrers: ["search.daum.net"],
      direct: true,
    });
    expect(await of("source=utm:naver")).toEqual(["네이버둘", "네이버"]);
    // The naver campaign's lead also came from m.search.naver.com: it is counted under its campaign.
    expect(await of("source=ref:m.search.naver.com")).toEqual([]);
    expect(await of("source=ref:search.daum.net")).toEqual(["다음"]);
    expect(await of("source=direct")).toEqual(["직접"]);
    // Combined with the other filters, and in the CSV the same way.
    expect(await of("source=utm:naver&kind=inquiry")).toEqual(["네이버"]);
    const csv = deskCsv(await allDeskLeads(ANYANG, filter("source=utm:naver"), AGENCY))
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

  it("saves a card's status with its time and its memo, and refuses what is not a status", async () => {
    await seed();
    const target = await cardOf("q=01012345678");
    const when = new Date("2026-03-05T00:00:00.000Z");
    expect(await changeStatus(ANYANG, target.id, AGENCY, "visited", when)).toEqual({
      ok: true,
      message: "상태를 바꿨습니다.",
    });
    expect(await saveMemo(ANYANG, target.id, AGENCY, "  3/7 방문 예정  ", when)).toEqual({
      ok: true,
      message: "메모를 저장했습니다.",
    });
    expect(await cardOf("q=01012345678")).toMatchObject({
      status: "visited",
      statusAt: when.toISOString(),
      memo: "3/7 방문 예정",
    });
    // The same status again keeps its time; the memo changes alone.
    const later = new Date(when.getTime() + 1000);
    await changeStatus(ANYANG, target.id, AGENCY, "visited", later);
    await saveMemo(ANYANG, target.id, AGENCY, "바뀐 메모", later);
    expect(await cardOf("q=01012345678")).toMatchObject({
      statusAt: when.toISOString(),
      memo: "바뀐 메모",
    });
    expect(await changeStatus(ANYANG, target.id, AGENCY, "deleted")).toEqual({
      ok: false,
      message: CALL_MESSAGES.badStatus,
      field: "status",
    });
    expect(await changeStatus(ANYANG, target.id, AGENCY, "contacted")).toMatchObject({
      ok: false,
      message: "상태를 목록에서 골라 주세요.",
    });
    expect(await saveMemo(ANYANG, target.id, AGENCY, "x".repeat(501))).toEqual({
      ok: false,
      message: "메모는 500자 이내로 입력해 주세요.",
      field: "memo",
    });
    expect(await changeStatus(ANYANG, "missing", AGENCY, "new")).toEqual({
      ok: false,
      message: CALL_MESSAGES.notFound,
    });
    expect(await cardOf("q=01012345678")).toMatchObject({ status: "visited", memo: "바뀐 메모" });
  });

  it("writes the filtered list as CSV with a BOM, Korean headers, the card's columns, and formulas defused", async () => {
    await seed();
    const csv = deskCsv(await allDeskLeads(ANYANG, filter("kind=inquiry"), AGENCY));
    expect(csv.startsWith("\uFEFF접수일시 (KST),구분,이름,연락처,")).toBe(true);
    const [header, ...rows] = csv.trimEnd().split("\r\n");
    expect(
      header!.endsWith(
        ",상태,메모,상태변경일시 (KST),최근 통화 결과,관심도,담당 상담원,다음 연락 (KST)",
      ),
    ).toBe(true);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain(",'=HYPERLINK(1),010-9999-0000,");
    expect(rows[0]!.endsWith(",신규,,2026-03-03 12:00:00,,,,")).toBe(true);

    // A card given to a consultant, called (부재, 관심도 B, next call 3/6 10:00), with a memo.
    await upsertAdmin("consultant@example.com", TEST_PASSWORD, {
      role: "consultant",
      sites: [ANYANG],
    });
    const consultant = await idOf("consultant@example.com");
    const kim = await cardOf("q=김철수");
    expect(await reassign(ANYANG, kim.id, AGENCY, consultant)).toMatchObject({ ok: true });
    const called = new Date("2026-03-05T02:00:00.000Z");
    expect(
      await logCall(
        ANYANG,
        kim.id,
        AGENCY,
        { result: "no_answer", note: "", interest: "B", nextDate: "2026-03-06", nextTime: "10:00" },
        called,
      ),
    ).toMatchObject({ ok: true });
    await saveMemo(ANYANG, kim.id, AGENCY, "=1+1 오후 통화", called);
    const after = deskCsv(await allDeskLeads(ANYANG, filter("q=김철수"), AGENCY))
      .trimEnd()
      .split("\r\n");
    expect(
      after[1]!.endsWith(
        ",상담 중,'=1+1 오후 통화,2026-03-05 11:00:00,부재,B,consultant@example.com,2026-03-06 10:00",
      ),
    ).toBe(true);
  });

  it("keeps an access record of who saw, downloaded or changed what", async () => {
    const admin = { adminId: "a1", email: "admin@example.com" };
    await logAccess(
      {
        scope: ANYANG,
        admin,
        action: "view",
        target: "고객 목록",
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

  it("shows one complex's desk only its people, sources, counts and changes; 모든 단지 lists all with their complex", async () => {
    await seed();
    const meta = { ip: "2", source: "/", attribution: { utm_source: "daangn" } };
    await createLead(
      requireSite("suwon"),
      lead("분당고객", "010-7777-8888"),
      meta,
      day("2026-03-05"),
    );
    // The same phone on another complex is another card.
    await createLead(
      requireSite("suwon"),
      lead("홍길동", "010-1234-5678"),
      meta,
      day("2026-03-05"),
    );
    const suwonCard = (await cards("suwon", "q=분당고객"))[0]!;

    expect(await names(ANYANG)).toEqual(["100%_이름", "=HYPERLINK(1)", "김철수", "홍길동"]);
    expect((await cards(ANYANG, "q=홍길동"))[0]).toMatchObject({ touches: 1 });
    expect((await names("suwon")).sort()).toEqual(["분당고객", "홍길동"]);
    expect(await names(ANYANG, "q=7777")).toEqual([]);
    expect(await names(ALL_SITES)).toHaveLength(6);
    expect((await cards(ALL_SITES, "q=분당고객"))[0]).toMatchObject({
      name: "분당고객",
      siteId: "suwon",
    });
    expect((await deskSources(ANYANG)).utm).toEqual([]);
    expect((await deskSources("suwon")).utm).toEqual(["daangn"]);
    expect(await countNewLeads(ANYANG)).toBe(4);
    expect(await countNewLeads("suwon")).toBe(2);

    // Another complex's card cannot be changed from this complex's desk.
    expect(await changeStatus(ANYANG, suwonCard.id, AGENCY, "on_hold")).toEqual({
      ok: false,
      message: CALL_MESSAGES.notFound,
    });
    expect(await saveMemo(ANYANG, suwonCard.id, AGENCY, "x")).toEqual({
      ok: false,
      message: CALL_MESSAGES.notFound,
    });
    expect((await cards("suwon", "q=분당고객"))[0]).toMatchObject({ status: "new", memo: "" });
    expect(await changeStatus("suwon", suwonCard.id, AGENCY, "counseling")).toMatchObject({
      ok: true,
    });

    // The CSV: one complex's rows only; 모든 단지 with a 단지 column first.
    const csv = deskCsv(await allDeskLeads(ANYANG, {}, AGENCY));
    expect(csv).not.toContain("분당고객");
    expect(csv.match(/홍길동/g)).toHaveLength(1);
    const all = deskCsv(await allDeskLeads(ALL_SITES, {}, AGENCY), { withSite: true });
    const rows = all.slice(1).trimEnd().split("\r\n");
    expect(rows[0]!.startsWith("단지,접수일시 (KST),")).toBe(true);
    expect(rows.slice(1).map((r) => r.split(",")[0])).toEqual([
      "suwon",
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
    const entry = { admin, action: "view" as const, target: "고객 목록", rowCount: 1 };
    await logAccess({ ...entry, scope: ANYANG, filter: "안양" }, day("2026-03-01"));
    await logAccess({ ...entry, scope: "suwon", filter: "분당" }, day("2026-03-02"));
    await logAccess({ ...entry, scope: ALL_SITES, filter: "모두" }, day("2026-03-03"));
    const filters = async (scope: string) => (await recentAccess(scope)).map((e) => e.filter);
    expect(await filters(ANYANG)).toEqual(["모두", "안양"]);
    expect(await filters("suwon")).toEqual(["모두", "분당"]);
    expect(await filters(ALL_SITES)).toEqual(["모두", "분당", "안양"]);
  });
});
