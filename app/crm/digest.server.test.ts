import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { engines, useTestDb } from "~/db/test-support";
import { kstInstant } from "~/lib/korean-time";
import { textType } from "~/outbox/sms.server";
import { requireSite, siteOrigin } from "~/sites/registry.server";
import { dueCounts, sendDueDigests } from "./digest.server";

/*
 * The 09:00 digest: nothing before 09:00 Korean time; from then one staff SMS per consultant with
 * calls due that Korean day (their open cards, overdue ones first), once per complex, consultant and
 * day however many instances look; closed cards and tomorrow's calls left out.
 */

const SITE = "anyang";
const OTHER = "suwon";
const DAY = "2026-11-28";
const at = (time: string, day = DAY) => kstInstant(day, time);
const NINE_THIRTY_SECONDS = new Date(at("09:00").getTime() + 30_000);

describe.each(engines())("the consultants' 09:00 digest ($name)", (engine) => {
  const t = useTestDb(engine);

  async function consultant(
    email: string,
    phone: string | null,
    sites = [SITE],
    disabled = false,
  ): Promise<string> {
    const id = randomUUID();
    const now = "2026-11-01T00:00:00.000Z";
    await t.db().run(
      `INSERT INTO admins (id, email, password_hash, created_at, updated_at, all_sites, role, phone,
           disabled_at)
         VALUES ($1, $2, 'x', $3, $3, 0, 'consultant', $4, $5)`,
      [id, email, now, phone, disabled ? now : null],
    );
    for (const site of sites)
      await t.db().run("INSERT INTO admin_sites (admin_id, site_id) VALUES ($1, $2)", [id, site]);
    return id;
  }

  let phones = 0;
  async function card(
    consultantId: string | null,
    next: Date | null,
    { name = "홍길동", status = "counseling", site = SITE } = {},
  ): Promise<string> {
    const phone = `010-2000-${String(++phones).padStart(4, "0")}`;
    await t.db().run(
      `INSERT INTO customers (id, site_id, phone, name, status, source, consultant_id,
         next_contact_at, first_at, last_at, created_at)
       VALUES ($1, $2, $3, $4, $5, 'direct', $6, $7, $8, $8, $8)`,
      [
        randomUUID(),
        site,
        phone,
        name,
        status,
        consultantId,
        next?.toISOString() ?? null,
        "2026-11-20T00:00:00.000Z",
      ],
    );
    return phone;
  }

  const outbox = () =>
    t.db().all<{
      site_id: string;
      lead_id: string | null;
      recipient: string;
      purpose: string;
      payload: string;
      next_attempt_at: string;
    }>("SELECT site_id, lead_id, recipient, purpose, payload, next_attempt_at FROM outbox ORDER BY recipient");
  const digests = () =>
    t.db().all<{
      site_id: string;
      admin_id: string;
      day: string;
      due: number;
    }>("SELECT site_id, admin_id, day, due FROM crm_digests ORDER BY site_id, admin_id");

  it("before 09:00 nothing; at 09:00:30 one SMS to each consultant with calls due, listing them; a second run adds nothing", async () => {
    const a = await consultant("a@example.com", "010-1111-2222");
    const idle = await consultant("idle@example.com", "010-3333-4444");
    await consultant("gone@example.com", "010-5555-6666", [SITE], true);
    const gone = (await t
      .db()
      .get<{ id: string }>("SELECT id FROM admins WHERE email = 'gone@example.com'"))!.id;
    const yesterday = await card(a, at("15:00", "2026-11-27"), { name: "김지연" });
    const early = await card(a, at("08:00"), { name: "이른아침" });
    const ten = await card(a, at("10:00"), { name: "홍길동", status: "new" });
    const held = await card(a, at("12:00"), { name: "보류고객", status: "on_hold" });
    const late = await card(a, at("23:30"), { name: "늦은밤" });
    await card(a, at("00:00", "2026-11-29"), { name: "내일고객" });
    await card(a, at("11:00"), { name: "계약고객", status: "contracted" });
    await card(a, at("11:00"), { name: "무효고객", status: "invalid" });
    await card(a, null, { name: "일정없음" });
    // Another consultant's only cards are tomorrow's or closed; a disabled one's are left alone.
    await card(idle, at("09:00", "2026-11-29"));
    await card(idle, at("10:00"), { status: "contracted" });
    await card(gone, at("10:00"));
    await card(null, at("10:00"), { name: "미배정" });

    expect(await sendDueDigests(new Date(at("09:00").getTime() - 1))).toEqual([]);
    expect(await digests()).toEqual([]);
    expect(await outbox()).toEqual([]);

    const sent = await sendDueDigests(NINE_THIRTY_SECONDS);
    expect(sent).toEqual([
      { siteId: SITE, adminId: a, day: DAY, due: 5, overdue: 2, to: "010-1111-2222" },
    ]);
    expect(await digests()).toEqual([{ site_id: SITE, admin_id: a, day: DAY, due: 5 }]);
    const rows = await outbox();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      site_id: SITE,
      lead_id: null,
      recipient: "010-1111-2222",
      purpose: "staff",
      next_attempt_at: NINE_THIRTY_SECONDS.toISOString(),
    });
    const text = (JSON.parse(rows[0]!.payload) as { text: string }).text;
    expect(text).toBe(
      [
        "[라움하임 평촌 센트럴] 오늘 연락할 고객 5명 (지연 2명)",
        `11/27 15:00 김지연 ${yesterday}`,
        `08:00 이른아침 ${early}`,
        `10:00 홍길동 ${ten}`,
        `12:00 보류고객 ${held}`,
        `23:30 늦은밤 ${late}`,
        `상담 접수 관리: ${siteOrigin(requireSite(SITE))}/admin/leads`,
      ].join("\n"),
    );
    expect(textType(text)).toBe("LMS");

    // Later that day, again: nothing more.
    expect(await sendDueDigests(new Date(at("09:01").getTime()))).toEqual([]);
    expect(await sendDueDigests(at("18:00"))).toEqual([]);
    expect(await outbox()).toHaveLength(1);

    // The desk's counts: the consultant's, and the whole complex's (the unassigned card and the
    // disabled consultant's too).
    expect(await dueCounts(SITE, a, NINE_THIRTY_SECONDS)).toEqual({ due: 5, overdue: 2 });
    expect(await dueCounts(SITE, idle, NINE_THIRTY_SECONDS)).toEqual({ due: 0, overdue: 0 });
    expect(await dueCounts(SITE, null, NINE_THIRTY_SECONDS)).toEqual({ due: 7, overdue: 2 });
    expect(await dueCounts(OTHER, null, NINE_THIRTY_SECONDS)).toEqual({ due: 0, overdue: 0 });

    // The next morning, the calls of that day (everything still open from before is overdue).
    const next = await sendDueDigests(new Date(at("09:00", "2026-11-29").getTime() + 30_000));
    expect(next.map((s) => [s.adminId, s.day, s.due, s.overdue]).sort()).toEqual(
      [
        [a, "2026-11-29", 6, 6],
        [idle, "2026-11-29", 1, 1],
      ].sort(),
    );
  });

  it("two instances looking at the same moment send each digest once; each complex of a consultant gets its own", async () => {
    const a = await consultant("a@example.com", "010-1111-2222", [SITE, OTHER]);
    const b = await consultant("b@example.com", "010-7777-8888");
    await card(a, at("10:00"));
    await card(a, at("11:00"), { site: OTHER });
    await card(b, at("14:00"));

    const [one, two] = await Promise.all([
      sendDueDigests(NINE_THIRTY_SECONDS),
      sendDueDigests(NINE_THIRTY_SECONDS),
    ]);
    expect([...one, ...two]).toHaveLength(3);
    expect((await digests()).map((d) => [d.site_id, d.admin_id])).toEqual(
      [
        [SITE, a],
        [SITE, b],
        [OTHER, a],
      ].sort((x, y) => `${x[0]}${x[1]}`.localeCompare(`${y[0]}${y[1]}`)),
    );
    const rows = await outbox();
    expect(rows.map((r) => [r.site_id, r.recipient]).sort()).toEqual(
      [
        [OTHER, "010-1111-2222"],
        [SITE, "010-1111-2222"],
        [SITE, "010-7777-8888"],
      ].sort(),
    );
    const suwon = rows.find((r) => r.site_id === OTHER)!;
    expect(JSON.parse(suwon.payload).text).toMatch(
      /^\[아벨루스 광교 레이크파크\] 오늘 연락할 고객 1명\n11:00 /,
    );
  });

  it("a consultant without a phone: the day's digest is recorded, nothing is queued, the log says so once", async () => {
    const c = await consultant("nophone@example.com", null);
    await card(c, at("10:00"));
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args.join(" "));
    try {
      expect(await sendDueDigests(NINE_THIRTY_SECONDS)).toEqual([
        { siteId: SITE, adminId: c, day: DAY, due: 1, overdue: 0, to: null },
      ]);
      expect(await sendDueDigests(at("09:05"))).toEqual([]);
    } finally {
      console.warn = warn;
    }
    expect(await digests()).toEqual([{ site_id: SITE, admin_id: c, day: DAY, due: 1 }]);
    expect(await outbox()).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("nophone@example.com의 휴대폰 번호가 없어");
  });

  it("a long day: ten lines at most, the rest counted", async () => {
    const a = await consultant("a@example.com", "010-1111-2222");
    for (let h = 10; h < 22; h++) await card(a, at(`${h}:00`), { name: `고객${h}` });
    await sendDueDigests(NINE_THIRTY_SECONDS);
    const lines = (JSON.parse((await outbox())[0]!.payload) as { text: string }).text.split("\n");
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe("[라움하임 평촌 센트럴] 오늘 연락할 고객 12명");
    expect(lines[1]).toMatch(/^10:00 고객10 010-2000-\d{4}$/);
    expect(lines[7]).toMatch(/^16:00 고객16 /);
    expect(lines[8]).toBe("외 5명");
  });
});
