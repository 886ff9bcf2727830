import { beforeEach, describe, expect, it } from "vitest";
import { upsertAdmin } from "~/auth/admin.server";
import { TEST_PASSWORD } from "~/auth/test-support";
import { cancelBooking } from "~/bookings/bookings.server";
import { engines, setTestEnv, useTestDb } from "~/db/test-support";
import { createLead } from "~/leads/leads.server";
import type { LeadForm } from "~/leads/lead-form";
import { leadForm as form } from "~/leads/test-support";
import { listOutbox } from "~/outbox/outbox.server";
import { CALL_MESSAGES, logCall, reassign, type Viewer } from "./calls.server";
import { attachOrphanLeads } from "./customers.server";
import { allDeskLeads } from "~/crm/lead-desk.server";
import { cardDetail, listCards, queueOf } from "./desk.server";
import { requireSite } from "~/sites/registry.server";
import { saveAssignment } from "./assignment.server";
import { purgeExpiredLeads } from "~/leads/retention.server";

/*
 * The 분양 CRM's services (issue 30): a card per phone, round-robin assignment, the call log and
 * the status it moves, a consultant's queue and masking, cards for older leads, the purge.
 */

const SITE = "anyang";
// Sunday 1 March 2026, 10:00 in Korea; the model house books hourly slots 10:00–18:00.
const T0 = new Date("2026-03-01T01:00:00.000Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const SLOT = "2026-03-03T14:00";

const meta = { ip: "198.51.100.1", source: "/register" };

describe.each(engines())("the 분양 CRM ($name)", (engine) => {
  const t = useTestDb(engine);
  let agency: Viewer;
  let a: Viewer;
  let b: Viewer;

  const viewerOf = async (email: string): Promise<Viewer> => {
    const row = await t.db().get<{
      id: string;
      role: Viewer["role"];
    }>("SELECT id, role FROM admins WHERE email = $1", [email]);
    return { adminId: row!.id, email, role: row!.role };
  };
  /** The card of a phone, as stored. */
  const card = (phone: string) =>
    t.db().get<{
      id: string;
      status: string;
      stage: number;
      touches: number;
      calls: number;
      consultant_id: string | null;
      next_contact_at: string | null;
      last_result: string | null;
      interest: string | null;
      memo: string;
    }>("SELECT * FROM customers WHERE site_id = $1 AND phone = $2", [SITE, phone]);
  const add = async (name: string, phone: string, now: Date, kind?: LeadForm["kind"]) => {
    const r = await createLead(requireSite(SITE), form(name, phone, kind), meta, now);
    if (r.status !== "created") throw new Error(r.status);
    return r.id;
  };
  const call = (
    customerId: string,
    viewer: Viewer,
    input: Partial<Record<"result" | "note" | "interest" | "nextDate" | "nextTime", string>>,
    now: Date,
  ) =>
    logCall(
      SITE,
      customerId,
      viewer,
      { result: "", note: "", interest: "", nextDate: "", nextTime: "", ...input },
      now,
    );

  beforeEach(async () => {
    setTestEnv({
      LEADS_DUPLICATE_WINDOW_SECONDS: "0",
      LEADS_RATE_LIMIT: "1000",
      LEADS_PHONE_RATE_LIMIT: "1000",
    });
    await upsertAdmin("agency@example.com", TEST_PASSWORD);
    // A's account is older than B's: the round-robin starts with A.
    await upsertAdmin("a@example.com", TEST_PASSWORD, {
      role: "consultant",
      sites: [SITE],
      now: new Date("2026-01-01T00:00:00.000Z"),
    });
    await upsertAdmin("b@example.com", TEST_PASSWORD, {
      role: "consultant",
      sites: [SITE],
      now: new Date("2026-01-02T00:00:00.000Z"),
    });
    agency = await viewerOf("agency@example.com");
    a = await viewerOf("a@example.com");
    b = await viewerOf("b@example.com");
  });

  it("makes one card of two forms from one phone; a booked visit is 방문 예약 until it is cancelled", async () => {
    const inquiry = await add("홍길동", "010-1234-5678", at(0));
    const booked = await createLead(
      requireSite(SITE),
      form("홍길동", "010-1234-5678", "visit", SLOT),
      meta,
      at(1),
    );
    expect(booked.status).toBe("created");
    expect(await t.db().get("SELECT COUNT(*) AS n FROM customers")).toEqual({ n: 1 });
    const person = (await card("010-1234-5678"))!;
    expect(person).toMatchObject({ touches: 2, status: "visit_booked", stage: 2 });
    const leads = await t.db().all<{
      id: string;
      customer_id: string;
    }>("SELECT id, customer_id FROM leads ORDER BY created_at");
    expect(leads).toEqual([
      { id: inquiry, customer_id: person.id },
      { id: (booked as { id: string }).id, customer_id: person.id },
    ]);

    // The visitor cancels through the link in the confirmation SMS.
    const sms = (await listOutbox(SITE)).find((r) => r.purpose === "confirmation")!;
    const token = /\/b\/([A-Za-z0-9_-]+)/.exec(
      (JSON.parse(sms.payload) as { text: string }).text,
    )![1]!;
    expect(await cancelBooking(requireSite(SITE), token, at(2))).toMatchObject({
      status: "cancelled",
    });
    // Back to 신규 (nobody called); the furthest step reached stays for the funnel.
    expect(await card("010-1234-5678")).toMatchObject({ status: "new", stage: 2 });
    const timeline = (await cardDetail(SITE, person.id, agency))!.timeline.map((i) => i.title);
    expect(timeline).toContain("방문예약 취소");
    expect(timeline).toContain("상태 방문 예약 → 신규");
  });

  it("gives new people in turn to the active consultants when the complex assigns automatically", async () => {
    await saveAssignment(SITE, { autoAssign: true, active: [a.adminId, b.adminId] });
    await add("하나", "010-0000-0001", at(0));
    await add("둘", "010-0000-0002", at(1));
    await add("셋", "010-0000-0003", at(2));
    const whose = async (phone: string) => (await card(phone))!.consultant_id;
    expect([
      await whose("010-0000-0001"),
      await whose("010-0000-0002"),
      await whose("010-0000-0003"),
    ]).toEqual([a.adminId, b.adminId, a.adminId]);
    // A second form of a person keeps their consultant.
    await add("둘", "010-0000-0002", at(3));
    expect(await whose("010-0000-0002")).toBe(b.adminId);

    // A made inactive gets none.
    await saveAssignment(SITE, { autoAssign: true, active: [b.adminId] });
    await add("넷", "010-0000-0004", at(4));
    await add("다섯", "010-0000-0005", at(5));
    expect([await whose("010-0000-0004"), await whose("010-0000-0005")]).toEqual([
      b.adminId,
      b.adminId,
    ]);

    // Automatic assignment off: nobody's.
    await saveAssignment(SITE, { autoAssign: false, active: [a.adminId, b.adminId] });
    await add("여섯", "010-0000-0006", at(6));
    expect(await whose("010-0000-0006")).toBeNull();
  });

  it("logs calls: the status follows the result, the next contact is Korean time, and only the card's consultant or an administrator logs", async () => {
    await add("부재고객", "010-1000-0001", at(0));
    await add("결번고객", "010-1000-0002", at(1));
    const person = (await card("010-1000-0001"))!;
    const wrong = (await card("010-1000-0002"))!;
    await reassign(SITE, person.id, agency, a.adminId, at(2));
    await reassign(SITE, wrong.id, agency, a.adminId, at(2));

    expect(
      await call(
        person.id,
        a,
        { result: "no_answer", interest: "B", nextDate: "2026-03-02", nextTime: "10:00" },
        at(10),
      ),
    ).toEqual({ ok: true, message: "통화 기록을 저장했습니다." });
    expect(await card("010-1000-0001")).toMatchObject({
      status: "counseling",
      stage: 1,
      calls: 1,
      last_result: "no_answer",
      interest: "B",
      // 2 March 10:00 in Korea.
      next_contact_at: "2026-03-02T01:00:00.000Z",
    });

    // Another consultant cannot log on A's card; an administrator of the complex can.
    expect(await call(person.id, b, { result: "answered" }, at(20))).toEqual({
      ok: false,
      message: "담당 상담원만 기록할 수 있습니다.",
    });
    expect(
      await call(person.id, agency, { result: "visit_promised", note: "토요일 방문" }, at(30)),
    ).toMatchObject({ ok: true });
    expect(await card("010-1000-0001")).toMatchObject({
      status: "visit_booked",
      stage: 2,
      calls: 2,
      // A call without a next contact clears it; 관심도 left empty keeps B.
      next_contact_at: null,
      interest: "B",
    });
    const timeline = (await cardDetail(SITE, person.id, a))!.timeline;
    expect(timeline.slice(0, 4).map((i) => [i.title, i.by])).toEqual([
      ["상태 상담 중 → 방문 예약", "agency@example.com"],
      ["통화 · 방문 약속", "agency@example.com"],
      ["상태 신규 → 상담 중", "a@example.com"],
      ["통화 · 부재", "a@example.com"],
    ]);
    expect(timeline[1]!.lines).toEqual(["토요일 방문"]);
    expect(timeline[3]!.lines).toEqual(["관심도 B", "다음 연락 3월 2일 10:00"]);

    // 결번 on a new card: 무효.
    expect(await call(wrong.id, a, { result: "wrong_number" }, at(40))).toMatchObject({ ok: true });
    expect(await card("010-1000-0002")).toMatchObject({ status: "invalid", calls: 1 });

    // What a form cannot send is refused in Korean, and nothing is written.
    const refused = [
      await call(person.id, a, { result: "" }, at(50)),
      await call(person.id, a, { result: "hung_up" }, at(50)),
      await call(person.id, a, { result: "answered", interest: "D" }, at(50)),
      await call(person.id, a, { result: "answered", nextDate: "2026-02-30" }, at(50)),
      await call(person.id, a, { result: "answered", nextDate: "내일" }, at(50)),
      // Saturday 28 February, before this call.
      await call(person.id, a, { result: "answered", nextDate: "2026-02-28" }, at(50)),
      await call(person.id, a, { result: "answered", note: "가".repeat(1001) }, at(50)),
    ];
    expect(refused.map((r) => r.ok || r.message)).toEqual([
      "통화 결과를 골라 주세요.",
      "통화 결과를 골라 주세요.",
      "관심도는 A, B, C 중에서 골라 주세요.",
      CALL_MESSAGES.badNext,
      CALL_MESSAGES.badNext,
      "다음 연락 일시는 지금 이후로 입력해 주세요.",
      "통화 메모는 1000자 이내로 입력해 주세요.",
    ]);
    expect(CALL_MESSAGES.badNext).toBe(
      "다음 연락 일시를 날짜와 시간으로 입력해 주세요 (예: 2026-12-01 10:00).",
    );
    expect(await t.db().get("SELECT COUNT(*) AS n FROM customer_calls")).toEqual({ n: 3 });
    // A card of another complex is not found from this one.
    expect(
      await logCall(
        "suwon",
        person.id,
        agency,
        { result: "answered", note: "", interest: "", nextDate: "", nextTime: "" },
        at(60),
      ),
    ).toEqual({ ok: false, message: CALL_MESSAGES.notFound });
  });

  it("puts a consultant's new people first, then the calls due by the end of the Korean day, overdue ones marked; others' cards are masked", async () => {
    const people = [
      ["새고객", "010-2000-0001"],
      ["오늘고객", "010-2000-0002"],
      ["지연고객", "010-2000-0003"],
      ["내일고객", "010-2000-0004"],
      ["비고객", "010-2000-0005"],
      ["두번째새고객", "010-2000-0006"],
    ] as const;
    const ids: Record<string, string> = {};
    for (const [i, [name, phone]] of people.entries()) {
      await add(name, phone, at(i));
      ids[name] = (await card(phone))!.id;
      await reassign(SITE, ids[name]!, agency, name === "비고객" ? b.adminId : a.adminId, at(10));
    }
    // Calls on Sunday 1 March, each with its next contact.
    const plan = { result: "no_answer", nextTime: "15:00" };
    await call(ids["오늘고객"]!, a, { ...plan, nextDate: "2026-03-02" }, at(20));
    await call(ids["지연고객"]!, a, { ...plan, nextDate: "2026-03-01" }, at(20));
    await call(ids["내일고객"]!, a, { ...plan, nextDate: "2026-03-03" }, at(20));
    await call(ids["비고객"]!, b, { ...plan, nextDate: "2026-03-02" }, at(20));

    // Monday 2 March, 09:00 in Korea.
    const monday = new Date("2026-03-02T00:00:00.000Z");
    const queue = await queueOf(SITE, a.adminId, a, monday);
    expect(queue.fresh.map((c) => c.name)).toEqual(["새고객", "두번째새고객"]);
    expect(queue.due.map((c) => [c.name, c.overdue])).toEqual([
      ["지연고객", true],
      ["오늘고객", false],
    ]);
    expect(queue.counts).toEqual({ fresh: 2, due: 2, overdue: 1 });
    // B's queue has only B's card.
    const theirs = await queueOf(SITE, b.adminId, b, monday);
    expect([...theirs.fresh, ...theirs.due].map((c) => c.name)).toEqual(["비고객"]);
    // Late on Monday (23:59 in Korea), 오늘고객 is overdue too; 내일고객 is not yet due.
    const late = await queueOf(SITE, a.adminId, a, new Date("2026-03-02T14:59:00.000Z"));
    expect(late.due.map((c) => [c.name, c.overdue])).toEqual([
      ["지연고객", true],
      ["오늘고객", true],
    ]);

    // The list: A sees B's person with the number masked and no memo; an administrator sees all.
    await reassign(SITE, ids["비고객"]!, agency, b.adminId, at(30));
    const forA = (await listCards(SITE, {}, a, 1, monday)).cards;
    expect(forA.find((c) => c.name === "비고객")).toMatchObject({
      phone: "010-****-0005",
      own: false,
    });
    expect(forA.find((c) => c.name === "오늘고객")).toMatchObject({
      phone: "010-2000-0002",
      own: true,
    });
    const forAgency = (await listCards(SITE, {}, agency, 1, monday)).cards;
    expect(forAgency.every((c) => c.own && /^010-2000-\d{4}$/.test(c.phone))).toBe(true);
    // The card itself is masked for A as well.
    expect((await cardDetail(SITE, ids["비고객"]!, a))!.card.phone).toBe("010-****-0005");
  });

  it("a consultant's search by number finds only their own cards: another's masked number is not read back digit by digit", async () => {
    await add("김민수", "010-5555-1001", at(0));
    await add("박영희", "010-7777-2002", at(1));
    await add("이수진", "010-3333-4004", at(2));
    const idOf = async (phone: string) => (await card(phone))!.id;
    await reassign(SITE, await idOf("010-5555-1001"), agency, a.adminId, at(3));
    await reassign(SITE, await idOf("010-7777-2002"), agency, b.adminId, at(3));
    // 이수진's card is nobody's: B sees it masked too.
    const search = async (viewer: Viewer, q: string) =>
      (await listCards(SITE, { q }, viewer, 1, at(10))).cards.map((c) => [c.name, c.phone]);

    // B adds one digit at a time to A's number, as in issue 38: A's card never matches; from the
    // fourth digit on nothing does (B's own 010-7777-2002 shares only "010").
    const digits = "01055551001";
    for (let n = 1; n <= digits.length; n++)
      expect(await search(b, digits.slice(0, n)), digits.slice(0, n)).toEqual(
        n === 3 ? [["박영희", "010-7777-2002"]] : [],
      );
    for (const q of ["010-5555-1001", "+82 10 5555 1001", "5555", "1001", "33334004"])
      expect(await search(b, q), q).toEqual([]);
    // By name, B still finds A's person, masked.
    expect(await search(b, "김민수")).toEqual([["김민수", "010-****-1001"]]);
    // B's CSV holds B's cards only, whatever the search.
    expect(await allDeskLeads(SITE, { q: "0105555" }, b, at(10))).toEqual([]);

    // A finds their own person by digits, with the whole number; an administrator finds anyone's.
    expect(await search(a, "0105555")).toEqual([["김민수", "010-5555-1001"]]);
    expect(await search(a, "010-5555-1001")).toEqual([["김민수", "010-5555-1001"]]);
    expect(await search(a, "33334004")).toEqual([]);
    expect(await search(agency, "1001")).toEqual([["김민수", "010-5555-1001"]]);
    expect(await search(agency, "33334004")).toEqual([["이수진", "010-3333-4004"]]);
  });

  it("makes cards for leads stored before the CRM, with the old desk's status and memo", async () => {
    const first = await add("예전고객", "010-3000-0001", at(0));
    const second = await add("예전고객", "010-3000-0001", at(1), "visit");
    const other = await add("보류고객", "010-3000-0002", at(2));
    // As a lead of the release before the CRM left them: no card, the old desk's status and memo.
    await t.db().run("UPDATE leads SET customer_id = NULL");
    await t.db().run("DELETE FROM customer_events");
    await t.db().run("DELETE FROM customers");
    await t
      .db()
      .run(
        "UPDATE leads SET status = 'contacted', memo = '첫 통화', status_at = $2 WHERE id = $1",
        [first, at(5).toISOString()],
      );
    await t.db().run("UPDATE leads SET memo = '3/7 방문' WHERE id = $1", [second]);
    await t.db().run("UPDATE leads SET status = 'closed' WHERE id = $1", [other]);

    expect(await attachOrphanLeads(at(10))).toBe(3);
    expect(await card("010-3000-0001")).toMatchObject({
      touches: 2,
      status: "counseling",
      stage: 1,
      memo: "첫 통화 / 3/7 방문",
    });
    expect(await card("010-3000-0002")).toMatchObject({ touches: 1, status: "on_hold" });
    expect(await t.db().get("SELECT COUNT(*) AS n FROM leads WHERE customer_id IS NULL")).toEqual({
      n: 0,
    });
    // Done once: nothing left to attach.
    expect(await attachOrphanLeads(at(11))).toBe(0);
  });

  it("purges a card with its calls and timeline when its last lead is purged, and keeps a card with a lead left", async () => {
    await add("오래된고객", "010-4000-0001", at(0));
    await add("반반고객", "010-4000-0002", at(0));
    const old = (await card("010-4000-0001"))!;
    const half = (await card("010-4000-0002"))!;
    await reassign(SITE, old.id, agency, a.adminId, at(1));
    await call(old.id, a, { result: "answered", note: "상담함" }, at(2));
    await call(half.id, agency, { result: "answered" }, at(2));
    // 반반고객 writes again 200 days later.
    const later = new Date(T0.getTime() + 200 * 86_400_000);
    await add("반반고객", "010-4000-0002", later);

    // 400 days on, past the complex's 365-day retention for the first leads only.
    const purged = await purgeExpiredLeads(SITE, new Date(T0.getTime() + 400 * 86_400_000));
    expect(purged).toBe(2);
    expect(await card("010-4000-0001")).toBeUndefined();
    const left = await t.db().all<{
      customer_id: string;
    }>("SELECT customer_id FROM customer_calls UNION ALL SELECT customer_id FROM customer_events");
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((r) => r.customer_id === half.id)).toBe(true);
    expect(await card("010-4000-0002")).toMatchObject({ id: half.id, calls: 1 });
  });
});
