import { describe, expect, it } from "vitest";
import { loadSite, requireSite } from "~/sites/registry.server";
import { engines, setTestEnv } from "~/db/test-support";
import { env } from "~/env.server";
import { ALL_SITES } from "~/lib/sites";
import { createLead, listLeads } from "./leads.server";
import { inquiry, later, meta, T0, useLeadsDb, visit } from "./test-support";

const content = loadSite("sites/anyang");

/*
 * What a new lead sends out (announce.server.ts): the visitor's SMS, the webhook, the staff's
 * alerts, and the number shown per ad source.
 */

describe.each(engines())("lead intake ($name)", (engine) => {
  const { db, outbox } = useLeadsDb(engine);

  it("queues a confirmation SMS for every visit, the promotional one only with SMS consent, none for inquiries", async () => {
    setTestEnv({ LEADS_DUPLICATE_WINDOW_SECONDS: "0" });
    const withConsent = await createLead(requireSite("anyang"), visit, meta, T0);
    const without = await createLead(
      requireSite("anyang"),
      { ...visit, phone: "010-2222-3333", smsConsent: false },
      meta,
      T0,
    );
    await createLead(
      requireSite("anyang"),
      { ...inquiry, phone: "010-4444-5555", smsConsent: true },
      meta,
      T0,
    );
    const rows = (await outbox()).map((r) => ({
      lead: r.lead_id,
      kind: r.kind,
      status: r.status,
      ...(JSON.parse(r.payload) as { to: string; text: string }),
    }));
    const id = (r: unknown) => (r as { id: string }).id;
    expect(rows.map((r) => [r.lead, r.to, r.text.startsWith("(광고)")]).sort()).toEqual(
      [
        [id(withConsent), "010-1234-5678", false],
        [id(withConsent), "010-1234-5678", true],
        [id(without), "010-2222-3333", false],
      ].sort(),
    );
    expect(rows.every((r) => r.kind === "sms" && r.status === "pending")).toBe(true);
  });

  it("queues a webhook for every lead only when LEADS_WEBHOOK_URL is set", async () => {
    setTestEnv({ LEADS_DUPLICATE_WINDOW_SECONDS: "0" });
    await createLead(requireSite("anyang"), inquiry, meta, T0);
    expect(await outbox()).toHaveLength(0);

    setTestEnv({ LEADS_WEBHOOK_URL: "http://127.0.0.1:9/hook" });
    const created = await createLead(requireSite("anyang"), inquiry, meta, later(1));
    const rows = await outbox();
    expect(rows.map((r) => r.kind)).toEqual(["webhook"]);
    expect(JSON.parse(rows[0]!.payload)).toMatchObject({
      id: (created as { id: string }).id,
      kind: "inquiry",
      name: "홍길동",
      phone: "010-1234-5678",
      message: "84A 타입 잔여세대 문의",
      privacy_consent: true,
      privacy_consent_version: content.privacy.consentVersion,
      sms_consent: false,
      source: "/Promotion/Customer",
      created_at: later(1).toISOString(),
    });
  });

  it("sends one phone at most 3 SMS from the site in a Korean day", async () => {
    setTestEnv({ LEADS_DUPLICATE_WINDOW_SECONDS: "0", LEADS_PHONE_RATE_LIMIT: "100" });
    const names = ["가나", "다라", "마바", "사아", "자차"];
    for (const [i, name] of names.entries())
      await createLead(
        requireSite("anyang"),
        { ...visit, name },
        { ...meta, ip: `198.51.100.${i}` },
        later(i * 700),
      );
    const sms = async () =>
      (await outbox())
        .filter((r) => r.kind === "sms")
        .map((r) => JSON.parse(r.payload) as { to: string })
        .filter((p) => p.to === visit.phone);
    expect(await sms()).toHaveLength(3);
    // The next day (KST midnight = 15:00 UTC) starts afresh; the leads themselves were all stored.
    expect(await listLeads("anyang")).toHaveLength(5);
    await createLead(
      requireSite("anyang"),
      { ...visit, name: "다음날" },
      meta,
      new Date("2026-03-01T15:00:00.000Z"),
    );
    expect((await sms()).length).toBeGreaterThan(3);
  });

  it("confirms a booking with a transactional SMS (no (광고)): time, address and cancel link; promotion only with SMS consent", async () => {
    setTestEnv({
      LEADS_DUPLICATE_WINDOW_SECONDS: "0",
      SITE_URL: "https://bunyang.example",
    });
    await createLead(
      requireSite("anyang"),
      { ...visit, smsConsent: false, visitSlot: "2026-03-02T14:00" },
      meta,
      T0,
    );
    let rows = (await outbox()).filter((r) => r.kind === "sms");
    expect(rows).toHaveLength(1);
    const confirmation = (JSON.parse(rows[0]!.payload) as { text: string }).text;
    expect(confirmation).not.toContain("(광고)");
    expect(confirmation).toContain("방문예약이 확정되었습니다");
    expect(confirmation).toContain("3월 2일(월) 14:00");
    expect(confirmation).toContain(content.identity.modelHouseAddress);
    expect(confirmation).toMatch(/https:\/\/bunyang\.example\/b\/[A-Za-z0-9_-]{20,}/);
    expect(confirmation).not.toContain(content.project.remainingUnitsNotice);

    await db().run("DELETE FROM outbox");
    await createLead(
      requireSite("anyang"),
      { ...visit, phone: "010-5555-6666", visitSlot: "2026-03-02T15:00" },
      meta,
      later(1),
    );
    rows = (await outbox()).filter((r) => r.kind === "sms");
    const texts = rows.map((r) => (JSON.parse(r.payload) as { text: string }).text);
    expect(texts.filter((x) => x.startsWith("(광고)"))).toHaveLength(1);
    expect(texts.filter((x) => !x.includes("(광고)"))).toHaveLength(1);
  });

  it("alerts every staff phone in STAFF_ALERT_PHONES about each new lead: kind, name, phone, slot and source", async () => {
    setTestEnv({ STAFF_ALERT_PHONES: "010-9000-0001, ０１０－９０００－０００２" });
    await createLead(
      requireSite("anyang"),
      { ...visit, visitSlot: "2026-03-02T14:00" },
      {
        ...meta,
        source: "/Brand/intro",
        attribution: { utm_source: "naver", utm_campaign: "open_day" },
      },
      T0,
    );
    await createLead(requireSite("anyang"), inquiry, meta, later(1));
    const staff = (
      await db().all<{
        recipient: string;
        purpose: string;
        payload: string;
      }>(
        "SELECT recipient, purpose, payload FROM outbox WHERE purpose = 'staff' ORDER BY created_at, recipient",
      )
    ).map((r) => [r.recipient, (JSON.parse(r.payload) as { text: string }).text]);
    expect(staff).toEqual([
      [
        "010-9000-0001",
        `[${content.identity.name}] 새 방문예약\n홍길동 010-1234-5678\n방문: 3월 2일(월) 14:00\n유입: naver · open_day (/Brand/intro)`,
      ],
      [
        "010-9000-0002",
        `[${content.identity.name}] 새 방문예약\n홍길동 010-1234-5678\n방문: 3월 2일(월) 14:00\n유입: naver · open_day (/Brand/intro)`,
      ],
      [
        "010-9000-0001",
        `[${content.identity.name}] 새 상담문의\n홍길동 010-1234-5678\n유입: /Promotion/Customer`,
      ],
      [
        "010-9000-0002",
        `[${content.identity.name}] 새 상담문의\n홍길동 010-1234-5678\n유입: /Promotion/Customer`,
      ],
    ]);
    expect(staff.some(([, text]) => text!.includes("(광고)"))).toBe(false);
  });

  it("stops the app with a clear message when STAFF_ALERT_PHONES holds something that is not a phone", () => {
    setTestEnv({ STAFF_ALERT_PHONES: "010-9000-0001,010-123" });
    expect(() => env()).toThrow(/전화번호가 아닙니다: 010-123[\s\S]*STAFF_ALERT_PHONES/);
  });
});

describe.each(engines())("the number shown per ad source ($name)", (engine) => {
  const { db } = useLeadsDb(engine);
  const staffRecipients = async () =>
    (
      await db().all<{
        recipient: string;
      }>("SELECT recipient FROM outbox WHERE purpose = 'staff' ORDER BY recipient")
    ).map((r) => r.recipient);

  it("records the source's number and alerts the source's staff for a lead from naver", async () => {
    setTestEnv({ STAFF_ALERT_PHONES: "010-9000-0001" });
    const result = await createLead(
      requireSite("suwon"),
      inquiry,
      { ...meta, attribution: { utm_source: "Naver" }, shownPhone: "050-7123-4567" },
      T0,
    );
    expect(result.status).toBe("created");
    const [lead] = await listLeads("suwon");
    expect(lead).toMatchObject({ utmSource: "Naver", shownPhone: "050-7123-4567" });
    expect(await staffRecipients()).toEqual(["010-5555-0101"]);
  });

  it("records the default number when the form sends one the complex does not show", async () => {
    setTestEnv({ STAFF_ALERT_PHONES: "010-9000-0001" });
    await createLead(requireSite("suwon"), inquiry, { ...meta, shownPhone: "010-6666-6666" }, T0);
    await createLead(
      requireSite("anyang"),
      { ...inquiry, phone: "010-2222-3333" },
      { ...meta, attribution: { utm_source: "naver" }, shownPhone: "050-7123-4567" },
      T0,
    );
    const shown = Object.fromEntries(
      (await listLeads(ALL_SITES)).map((l) => [l.siteId, l.shownPhone]),
    );
    expect(shown).toEqual({
      suwon: loadSite("sites/suwon").identity.phone,
      // anyang maps no source: naver's number there is forged.
      anyang: content.identity.phone,
    });
    // No source with staff of its own: the complex's STAFF_ALERT_PHONES, as before.
    expect(await staffRecipients()).toEqual(["010-9000-0001", "010-9000-0001"]);
  });
});
