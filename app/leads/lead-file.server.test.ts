import iconv from "iconv-lite";
import { beforeEach, describe, expect, it } from "vitest";
import { upsertAdmin } from "~/auth/admin.server";
import { TEST_PASSWORD } from "~/auth/test-support";
import { saveAssignment } from "~/crm/assignment.server";
import { cardDetail } from "~/crm/desk.server";
import { engines, setTestEnv, useTestDb } from "~/db/test-support";
import { createLead } from "~/leads/leads.server";
import { leadForm } from "~/leads/test-support";
import { requireSite } from "~/sites/registry.server";
import { xlsxOf } from "~/tables/xlsx.test-support";
import { headerOf, LEAD_FILE_MESSAGES, proposeMapping } from "./lead-file";
import {
  keepLeadFile,
  NO_CHOICES,
  planLeadFile,
  rememberLeadMapping,
  saveLeadFile,
  undoLeadFile,
  type LeadFileChoices,
} from "./lead-file.server";

/*
 * 리드 파일 가져오기 on both engines: a Korean Excel CSV (CP949) with a phone twice, a phone already
 * on the desk, a row without consent and two broken rows gives the preview's counts, the cards and
 * touches, the provenance and the outbox exactly; the same file again adds nothing.
 */

const SITE = "anyang";
const BY = "agency@example.com";
const T0 = new Date("2026-03-02T01:00:00.000Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

const KAKAO_CSV = [
  "이름,연락처,관심 평형,메모,접수일시,개인정보 동의,동의 일시,동의 경로",
  "김하나,010-1111-0001,84A,주말 상담 희망,2026-03-01 10:00,Y,2026-03-01 10:00,카카오 비즈니스폼",
  "이두리,01011110002,59B,,2026-03-01 11:00,Y,2026-03-01 11:00,카카오 비즈니스폼",
  "김하나,010-1111-0001,84A,다시 신청,2026-03-01 12:00,Y,2026-03-01 12:00,카카오 비즈니스폼",
  "박기존,010-2222-0000,84B,,2026-03-01 13:00,Y,2026-03-01 13:00,카카오 비즈니스폼",
  "최미동,010-1111-0003,59A,,2026-03-01 14:00,N,,",
  "잘못,12345,,,2026-03-01 15:00,Y,2026-03-01 15:00,카카오 비즈니스폼",
  ",010-1111-0004,,,2026-03-01 16:00,Y,2026-03-01 16:00,카카오 비즈니스폼",
].join("\r\n");

const KAKAO: LeadFileChoices = { ...NO_CHOICES, source: "kakao", campaign: "3월 비즈니스폼" };

describe.each(engines())("lead files ($name)", (engine) => {
  const t = useTestDb(engine);
  const site = requireSite(SITE);
  const idOf = async (email: string) =>
    (await t.db().get<{ id: string }>("SELECT id FROM admins WHERE email = $1", [email]))!.id;
  let a: string;
  let b: string;

  beforeEach(async () => {
    setTestEnv({ STAFF_ALERT_PHONES: "010-9000-0001", LEADS_DUPLICATE_WINDOW_SECONDS: "0" });
    await upsertAdmin(BY, TEST_PASSWORD);
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
    a = await idOf("a@example.com");
    b = await idOf("b@example.com");
    await saveAssignment(SITE, { autoAssign: true, active: [a, b] });
  });

  /** Uploads the file, picks the columns its header names, and answers the preview. */
  async function upload(bytes: Uint8Array, choices: LeadFileChoices = KAKAO) {
    const id = await keepLeadFile({ siteId: SITE, fileName: "kakao.csv", bytes, by: BY });
    const first = await planLeadFile(SITE, id, choices);
    if (first.step === "mapping") {
      const proposed = first.proposed as { name: number; phone: number };
      await rememberLeadMapping(SITE, first.header, proposed, BY);
    }
    const plan = await planLeadFile(SITE, id, choices);
    if (plan.step !== "preview") throw new Error(`미리 보기가 아닙니다: ${plan.step}`);
    return { id, plan };
  }

  const card = (phone: string) =>
    t.db().get<{
      id: string;
      touches: number;
      consultant_id: string | null;
      source: string;
    }>("SELECT id, touches, consultant_id, source FROM customers WHERE site_id = $1 AND phone = $2", [SITE, phone]);

  it("imports a CP949 file: one lead per phone, a known phone as a new touch, refused rows with their line and reason, and SMS only with consent", async () => {
    // 박기존 is on the desk already (a form lead, given to A).
    await createLead(site, leadForm("박기존", "010-2222-0000"), { ip: "1", source: "/" }, T0);
    expect((await card("010-2222-0000"))!.consultant_id).toBe(a);

    const bytes = new Uint8Array(iconv.encode(KAKAO_CSV, "cp949"));
    const { id, plan } = await upload(bytes);
    expect(plan.mapping).toEqual({
      name: 0,
      phone: 1,
      area: 2,
      memo: 3,
      receivedAt: 4,
      consent: 5,
      consentAt: 6,
      consentWhere: 7,
    });
    expect(plan.counts).toEqual({
      rows: 7,
      newCards: 3,
      joined: 1,
      duplicates: 1,
      refused: 2,
      unconfirmed: 1,
    });
    expect(plan.refused).toEqual([
      { line: 7, reason: "연락처 「12345」을(를) 읽지 못했습니다." },
      { line: 8, reason: "이름이 비어 있습니다." },
    ]);
    expect(plan.problems).toEqual({});

    const saved = await saveLeadFile(
      site,
      { pendingId: id, choices: KAKAO, previewed: plan.fingerprint, by: BY },
      at(1),
    );
    expect(saved).toMatchObject({ ok: true, counts: plan.counts });

    const leads = await t.db().all<{
      name: string;
      phone: string;
      message: string;
      created_at: string;
      sms_consent: number;
      sms_consent_at: string | null;
      consent_where: string | null;
      utm_source: string;
      utm_campaign: string;
      lead_file_row: number;
      customer_id: string;
      consent_unconfirmed: number;
    }>(
      `SELECT name, phone, message, created_at, sms_consent, sms_consent_at, consent_where,
         utm_source, utm_campaign, lead_file_row, customer_id, consent_unconfirmed
       FROM leads WHERE lead_file_id IS NOT NULL ORDER BY lead_file_row`,
    );
    // [row, name, phone, SMS consent, 동의 미확인]
    expect(
      leads.map((l) => [
        l.lead_file_row,
        l.name,
        l.phone,
        Number(l.sms_consent),
        Number(l.consent_unconfirmed),
      ]),
    ).toEqual([
      [2, "김하나", "010-1111-0001", 1, 0],
      [3, "이두리", "010-1111-0002", 1, 0],
      [5, "박기존", "010-2222-0000", 1, 0],
      [6, "최미동", "010-1111-0003", 0, 1],
    ]);
    expect(leads[0]).toMatchObject({
      message: "관심 평형: 84A\n주말 상담 희망",
      created_at: "2026-03-01T01:00:00.000Z",
      sms_consent_at: "2026-03-01T01:00:00.000Z",
      consent_where: "카카오 비즈니스폼",
      utm_source: "kakao",
      utm_campaign: "3월 비즈니스폼",
    });
    expect(leads[3]).toMatchObject({ sms_consent_at: null, consent_where: null });

    // The known phone: one card, two touches, still A's. New people go on in turn: B, A, B.
    const known = (await card("010-2222-0000"))!;
    expect(Number(known.touches)).toBe(2);
    expect(known.consultant_id).toBe(a);
    expect(leads[2]!.customer_id).toBe(known.id);
    expect(
      await Promise.all(
        ["010-1111-0001", "010-1111-0002", "010-1111-0003"].map(async (p) => {
          const c = (await card(p))!;
          return [Number(c.touches), c.consultant_id, c.source];
        }),
      ),
    ).toEqual([
      [1, b, "utm:kakao"],
      [1, a, "utm:kakao"],
      [1, b, "utm:kakao"],
    ]);
    // The card's timeline names the file, its line and the consent it stated.
    const agency = { adminId: await idOf(BY), email: BY, role: "agency" as const };
    const timeline = async (phone: string) =>
      (await cardDetail(SITE, (await card(phone))!.id, agency, at(1)))!.timeline.filter(
        (i) => i.title === "리드 파일 접수",
      );
    expect((await timeline("010-2222-0000")).map((i) => i.lines.slice(0, 3))).toEqual([
      [
        "유입 kakao · 3월 비즈니스폼",
        "파일 「kakao.csv」 5행",
        expect.stringMatching(/^동의 .* · 카카오 비즈니스폼$/),
      ],
    ]);
    expect((await timeline("010-1111-0003"))[0]!.lines).toContain("동의 미확인 (홍보 문자 없음)");

    // The turn goes on after the file: the next form's person is A's.
    await createLead(site, leadForm("다음", "010-3333-0000"), { ip: "1", source: "/" }, at(2));
    expect((await card("010-3333-0000"))!.consultant_id).toBe(a);

    // Outbox: a staff alert per lead of the file, the promotional SMS to the two new people who consented.
    const sent = await t.db().all<{ purpose: string; recipient: string }>(
      `SELECT o.purpose, o.recipient FROM outbox o JOIN leads l ON l.id = o.lead_id
       WHERE l.lead_file_id IS NOT NULL ORDER BY o.purpose, o.recipient`,
    );
    expect(sent).toEqual([
      { purpose: "promotion", recipient: "010-1111-0001" },
      { purpose: "promotion", recipient: "010-1111-0002" },
      { purpose: "staff", recipient: "010-9000-0001" },
      { purpose: "staff", recipient: "010-9000-0001" },
      { purpose: "staff", recipient: "010-9000-0001" },
      { purpose: "staff", recipient: "010-9000-0001" },
    ]);

    // The same file again: the preview says so, and saving adds nothing.
    const again = await upload(bytes);
    expect(again.plan.sameFile).toMatchObject({ importedBy: BY });
    expect(
      await saveLeadFile(
        site,
        { pendingId: again.id, choices: KAKAO, previewed: again.plan.fingerprint, by: BY },
        at(3),
      ),
    ).toEqual({ ok: false, field: "file", message: LEAD_FILE_MESSAGES.sameFile });
    expect(
      await t.db().get("SELECT COUNT(*) AS n FROM leads WHERE lead_file_id IS NOT NULL"),
    ).toEqual({ n: 4 });
    expect(Number((await card("010-2222-0000"))!.touches)).toBe(2);
    expect(await t.db().get("SELECT COUNT(*) AS n FROM lead_files")).toEqual({ n: 1 });
  });

  it("takes a file back: its leads, the cards only it made and their unsent SMS go, a known card loses its touch, and the file can be imported again; a card worked on refuses it", async () => {
    await createLead(site, leadForm("박기존", "010-2222-0000"), { ip: "1", source: "/" }, T0);
    const bytes = new Uint8Array(iconv.encode(KAKAO_CSV, "cp949"));
    const { id, plan } = await upload(bytes);
    const saved = await saveLeadFile(
      site,
      { pendingId: id, choices: KAKAO, previewed: plan.fingerprint, by: BY },
      at(1),
    );
    if (!saved.ok) throw new Error(saved.message);
    // One promotional SMS already went out; the other waits.
    await t.db().run(
      `UPDATE outbox SET status = 'delivered', delivered_at = $1
       WHERE purpose = 'promotion' AND recipient = '010-1111-0001'`,
      [at(2).toISOString()],
    );

    // A consultant wrote a memo on a card only the file made: nothing is taken back.
    const worked = (await card("010-1111-0002"))!;
    await t.db().run("UPDATE customers SET memo = '통화 예정' WHERE id = $1", [worked.id]);
    expect(await undoLeadFile(SITE, saved.fileId, BY, at(3))).toEqual({
      ok: false,
      message: LEAD_FILE_MESSAGES.undoWorked(1),
    });
    expect(
      await t.db().get("SELECT COUNT(*) AS n FROM leads WHERE lead_file_id IS NOT NULL"),
    ).toEqual({ n: 4 });

    await t.db().run("UPDATE customers SET memo = '' WHERE id = $1", [worked.id]);
    expect(await undoLeadFile(SITE, saved.fileId, BY, at(4))).toEqual({
      ok: true,
      fileName: "kakao.csv",
      removedCards: 3,
      removedTouches: 1,
      restoredCards: 0,
    });
    expect(
      await t.db().get("SELECT COUNT(*) AS n FROM leads WHERE lead_file_id IS NOT NULL"),
    ).toEqual({ n: 0 });
    expect(await card("010-1111-0001")).toBeUndefined();
    const known = (await card("010-2222-0000"))!;
    expect(Number(known.touches)).toBe(1);
    expect(
      await t.db().get("SELECT first_at, last_at FROM customers WHERE id = $1", [known.id]),
    ).toEqual({ first_at: T0.toISOString(), last_at: T0.toISOString() });
    // The SMS sent stays on record; the one not sent and the unsent staff alerts are gone.
    expect(
      await t
        .db()
        .all(
          `SELECT purpose, recipient, status FROM outbox WHERE purpose = 'promotion' ORDER BY recipient`,
        ),
    ).toEqual([{ purpose: "promotion", recipient: "010-1111-0001", status: "delivered" }]);
    expect(
      await t
        .db()
        .get("SELECT removed_by, removed_at FROM lead_files WHERE id = $1", [saved.fileId]),
    ).toEqual({ removed_by: BY, removed_at: at(4).toISOString() });
    expect(await undoLeadFile(SITE, saved.fileId, BY, at(5))).toEqual({
      ok: false,
      message: LEAD_FILE_MESSAGES.undoGone,
    });

    // The same file again is a new import.
    const again = await upload(bytes);
    expect(again.plan.sameFile).toBeNull();
    expect(again.plan.counts).toMatchObject({ newCards: 3, joined: 1 });
    expect(
      await saveLeadFile(
        site,
        { pendingId: again.id, choices: KAKAO, previewed: again.plan.fingerprint, by: BY },
        at(6),
      ),
    ).toMatchObject({ ok: true });
    expect(Number((await card("010-2222-0000"))!.touches)).toBe(2);
    // The promotional SMS goes once to a phone: not again to the one that had it, again to the one
    // whose SMS waited and went with the file.
    expect(
      await t
        .db()
        .all(
          `SELECT recipient, status FROM outbox WHERE purpose = 'promotion' ORDER BY recipient, status`,
        ),
    ).toEqual([
      { recipient: "010-1111-0001", status: "delivered" },
      { recipient: "010-1111-0002", status: "pending" },
    ]);
  });

  it("brings a card past the duplicate window back as 신규, as a form does; on taking the file back, a change a person took back still counts as work, and an SMS being sent stays on record", async () => {
    const line = (name: string, phone: string) =>
      `${name},${phone},84A,,2026-03-01 10:00,Y,2026-03-01 10:00,카카오 비즈니스폼`;
    // 40 days before the file's rows, and 9 days before: the window is 30 days.
    await createLead(
      site,
      leadForm("오래전", "010-3333-0001"),
      { ip: "1", source: "/" },
      new Date("2026-01-20T01:00:00.000Z"),
    );
    await createLead(
      site,
      leadForm("최근", "010-3333-0002"),
      { ip: "1", source: "/" },
      new Date("2026-02-20T01:00:00.000Z"),
    );
    await t
      .db()
      .run(
        "UPDATE customers SET status = 'counseling' WHERE site_id = $1 AND phone IN ('010-3333-0001', '010-3333-0002')",
        [SITE],
      );
    const csv = [
      KAKAO_CSV.split("\r\n")[0],
      line("오래전", "010-3333-0001"),
      line("최근", "010-3333-0002"),
      line("새사람", "010-3333-0003"),
    ].join("\r\n");
    const { id, plan } = await upload(new TextEncoder().encode(csv));
    const saved = await saveLeadFile(
      site,
      { pendingId: id, choices: KAKAO, previewed: plan.fingerprint, by: BY },
      at(1),
    );
    if (!saved.ok) throw new Error(saved.message);
    const status = async (phone: string) =>
      (await t.db().get<{
        status: string;
      }>("SELECT status FROM customers WHERE site_id = $1 AND phone = $2", [SITE, phone]))!.status;
    expect(await status("010-3333-0001")).toBe("new");
    expect(await status("010-3333-0002")).toBe("counseling");

    // A consultant changed the new person's card and changed it back: that is work, kept.
    const made = (await card("010-3333-0003"))!;
    await t.db().run(
      `INSERT INTO customer_events (id, site_id, customer_id, at, kind, old_value, new_value, admin_id, admin_email)
       VALUES ('e1', $1, $2, $3, 'status', 'counseling', 'new', NULL, 'a@example.com')`,
      [SITE, made.id, at(2).toISOString()],
    );
    expect(await undoLeadFile(SITE, saved.fileId, BY, at(3))).toEqual({
      ok: false,
      message: LEAD_FILE_MESSAGES.undoWorked(1),
    });
    await t.db().run("DELETE FROM customer_events WHERE id = 'e1'");

    await t
      .db()
      .run(
        "UPDATE customers SET last_call_at = '2026-02-25T00:00:00.000Z' WHERE site_id = $1 AND phone = '010-3333-0002'",
        [SITE],
      );
    // The sender holds the new person's promotional SMS when the file is taken back: it stays, so
    // that its outcome is recorded and the phone is not promoted twice.
    await t
      .db()
      .run(
        "UPDATE outbox SET locked_until = $1 WHERE purpose = 'promotion' AND recipient = '010-3333-0003'",
        [at(10).toISOString()],
      );
    expect(await undoLeadFile(SITE, saved.fileId, BY, at(4))).toMatchObject({
      ok: true,
      removedCards: 1,
      restoredCards: 1,
    });
    // The card the file brought back to 신규 is 상담중 again; the other never left it.
    expect(await status("010-3333-0001")).toBe("counseling");
    expect(await status("010-3333-0002")).toBe("counseling");
    expect(
      await t.db().all("SELECT recipient, status, lead_id FROM outbox WHERE purpose = 'promotion'"),
    ).toEqual([{ recipient: "010-3333-0003", status: "pending", lead_id: null }]);
    // A card the complex had ends at its own latest form or call again.
    expect(
      await t
        .db()
        .all(
          "SELECT phone, last_at FROM customers WHERE site_id = $1 AND phone LIKE '010-3333-%' ORDER BY phone",
          [SITE],
        ),
    ).toEqual([
      { phone: "010-3333-0001", last_at: "2026-01-20T01:00:00.000Z" },
      { phone: "010-3333-0002", last_at: "2026-02-25T00:00:00.000Z" },
    ]);
  });

  it("takes back a big file's one staff alert while unsent, and puts back the status of a card it revived unless someone changed it since", async () => {
    // Two cards put aside, 보류 and 무효; the file brings both back to 신규.
    for (const [name, phone, was] of [
      ["보류씨", "010-7777-0001", "on_hold"],
      ["무효씨", "010-7777-0002", "invalid"],
      ["다시씨", "010-7777-0003", "on_hold"],
    ] as const) {
      await createLead(site, leadForm(name, phone), { ip: "1", source: "/" }, T0);
      const id = (await card(phone))!.id;
      // As the desk sets a status: the card and its timeline.
      await t
        .db()
        .run("UPDATE customers SET status = $1, status_at = $2 WHERE id = $3", [
          was,
          at(30).toISOString(),
          id,
        ]);
      await t.db().run(
        `INSERT INTO customer_events (id, site_id, customer_id, at, kind, old_value, new_value, admin_email)
         VALUES ($1, $2, $3, $4, 'status', 'new', $5, 'a@example.com')`,
        [`set-${phone}`, SITE, id, at(30).toISOString(), was],
      );
    }
    const rows = Array.from(
      { length: 21 },
      (_, i) =>
        `새사람${i},010-7000-${String(i).padStart(4, "0")},84A,,2026-03-01 10:00,Y,2026-03-01 10:00,카카오 비즈니스폼`,
    );
    const csv = [
      KAKAO_CSV.split("\r\n")[0],
      "보류씨,010-7777-0001,84A,,2026-03-02 10:00,Y,2026-03-02 10:00,카카오 비즈니스폼",
      "무효씨,010-7777-0002,84A,,2026-03-02 10:00,Y,2026-03-02 10:00,카카오 비즈니스폼",
      "다시씨,010-7777-0003,84A,,2026-03-02 10:00,Y,2026-03-02 10:00,카카오 비즈니스폼",
      ...rows,
    ].join("\r\n");
    const { id, plan } = await upload(new TextEncoder().encode(csv));
    const saved = await saveLeadFile(
      site,
      { pendingId: id, choices: KAKAO, previewed: plan.fingerprint, by: BY },
      at(31),
    );
    if (!saved.ok) throw new Error(saved.message);
    const state = async (phone: string) =>
      (await t.db().get<{
        status: string;
        status_at: string;
      }>("SELECT status, status_at FROM customers WHERE site_id = $1 AND phone = $2", [SITE, phone]))!;
    expect((await state("010-7777-0001")).status).toBe("new");
    expect((await state("010-7777-0002")).status).toBe("new");
    const alerts = () =>
      t
        .db()
        .all("SELECT recipient, payload FROM outbox WHERE purpose = 'staff' AND lead_id IS NULL");
    expect(await alerts()).toEqual([
      {
        recipient: "010-9000-0001",
        payload: expect.stringContaining("리드 파일 24건"),
      },
    ]);

    // A consultant sets the 무효 card to 상담중 after the file: that stays.
    const invalid = (await card("010-7777-0002"))!;
    await t
      .db()
      .run("UPDATE customers SET status = 'counseling', status_at = $1 WHERE id = $2", [
        at(35).toISOString(),
        invalid.id,
      ]);
    // 다시씨 fills in the form after the file: that alone would have brought the card back.
    await createLead(site, leadForm("다시씨", "010-7777-0003"), { ip: "1", source: "/" }, at(36));
    expect(await undoLeadFile(SITE, saved.fileId, BY, at(40))).toMatchObject({
      ok: true,
      removedCards: 21,
      restoredCards: 1,
    });
    expect(await state("010-7777-0001")).toEqual({
      status: "on_hold",
      status_at: at(30).toISOString(),
    });
    expect((await state("010-7777-0002")).status).toBe("counseling");
    expect((await state("010-7777-0003")).status).toBe("new");
    // The card's timeline says who put its status back.
    expect(
      await t.db().all(
        `SELECT old_value, new_value, admin_email FROM customer_events
         WHERE customer_id = $1 AND at = $2`,
        [(await card("010-7777-0001"))!.id, at(40).toISOString()],
      ),
    ).toEqual([{ old_value: "new", new_value: "on_hold", admin_email: BY }]);
    expect(await alerts()).toEqual([]);
  });

  it("sends a new person of the file no promotional SMS once the phone has had SMS_DAILY_LIMIT of the complex's SMS today", async () => {
    setTestEnv({ SMS_DAILY_LIMIT: "1" });
    // A booking confirmation went to this phone this morning (its lead since removed).
    await t.db().run(
      `INSERT INTO outbox (id, site_id, lead_id, kind, payload, status, attempts, next_attempt_at,
         created_at, recipient, purpose)
       VALUES ('sent-today', $1, NULL, 'sms', '{}', 'delivered', 1, $2, $2, '010-1111-0002', 'confirmation')`,
      [SITE, T0.toISOString()],
    );
    const bytes = new Uint8Array(iconv.encode(KAKAO_CSV, "cp949"));
    const { id, plan } = await upload(bytes);
    expect(
      await saveLeadFile(
        site,
        { pendingId: id, choices: KAKAO, previewed: plan.fingerprint, by: BY },
        at(1),
      ),
    ).toMatchObject({ ok: true });
    expect(
      await t
        .db()
        .all("SELECT recipient FROM outbox WHERE purpose = 'promotion' ORDER BY recipient"),
    ).toEqual([{ recipient: "010-1111-0001" }, { recipient: "010-2222-0000" }]);
  });

  it("takes the whole file's consent from the form, and without it stores every lead as 동의 미확인 with no SMS", async () => {
    const sheet = await xlsxOf([
      ["성명", "휴대폰번호", "신청일시"],
      ["정가람", "010-4444-0001", "2026-03-01 09:00"],
      ["정나래", "010-4444-0002", "2026-03-01 09:30"],
    ]);
    const withConsent = {
      ...KAKAO,
      source: "daangn",
      consentAt: "2026-03-01T09:00",
      consentWhere: "당근 비즈니스 상담 신청",
    };
    const { plan: half } = await upload(sheet, { ...withConsent, consentWhere: "" });
    expect(half.problems).toEqual({ consent: LEAD_FILE_MESSAGES.consentHalf });
    expect(half.counts.unconfirmed).toBe(2);

    const { id, plan } = await upload(sheet, withConsent);
    expect(plan.counts).toMatchObject({ newCards: 2, unconfirmed: 0 });
    expect(
      await saveLeadFile(
        site,
        { pendingId: id, choices: withConsent, previewed: plan.fingerprint, by: BY },
        T0,
      ),
    ).toMatchObject({ ok: true });
    expect(
      await t.db().all("SELECT sms_consent_at, consent_where FROM leads ORDER BY lead_file_row"),
    ).toEqual([
      { sms_consent_at: "2026-03-01T00:00:00.000Z", consent_where: "당근 비즈니스 상담 신청" },
      { sms_consent_at: "2026-03-01T00:00:00.000Z", consent_where: "당근 비즈니스 상담 신청" },
    ]);

    const other = await xlsxOf([
      ["성명", "휴대폰번호", "신청일시"],
      ["한겨울", "010-5555-0001", "2026-03-01 09:00"],
    ]);
    const second = await upload(other, { ...KAKAO, source: "daangn" });
    expect(second.plan.counts).toMatchObject({ newCards: 1, unconfirmed: 1 });
    await saveLeadFile(
      site,
      {
        pendingId: second.id,
        choices: { ...KAKAO, source: "daangn" },
        previewed: second.plan.fingerprint,
        by: BY,
      },
      T0,
    );
    expect(
      await t
        .db()
        .all(
          "SELECT o.purpose FROM outbox o JOIN leads l ON l.id = o.lead_id WHERE l.phone = $1 ORDER BY o.purpose",
          ["010-5555-0001"],
        ),
    ).toEqual([{ purpose: "staff" }]);
  });

  it("asks for the file's source when its rows have none, and refuses a preview that changed", async () => {
    const bytes = new TextEncoder().encode("이름,연락처\n홍길동,010-6666-0001\n");
    const { id, plan } = await upload(bytes, NO_CHOICES);
    expect(plan.problems).toEqual({ source: LEAD_FILE_MESSAGES.noSource });
    expect(
      await saveLeadFile(site, {
        pendingId: id,
        choices: NO_CHOICES,
        previewed: plan.fingerprint,
        by: BY,
      }),
    ).toEqual({ ok: false, field: "source", message: LEAD_FILE_MESSAGES.noSource });
    expect(
      await saveLeadFile(site, {
        pendingId: id,
        choices: KAKAO,
        previewed: plan.fingerprint,
        by: BY,
      }),
    ).toEqual({ ok: false, field: "form", message: LEAD_FILE_MESSAGES.changed });
    expect(await t.db().get("SELECT COUNT(*) AS n FROM leads")).toEqual({ n: 0 });
  });
});

describe("a lead file's header", () => {
  it("names the columns Kakao 비즈니스폼 and 당근 write", () => {
    expect(
      proposeMapping(
        headerOf([{ line: 1, cells: ["응답일시", "성함", "전화번호", "개인정보 수집 동의"] }]),
      ),
    ).toEqual({ receivedAt: 0, name: 1, phone: 2, consent: 3 });
  });
});
