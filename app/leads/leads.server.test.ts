import { describe, expect, it } from "vitest";
import { loadSite, requireSite } from "~/sites/registry.server";
import { engines, setTestEnv, useTestDb } from "~/db/test-support";
import { env } from "~/env.server";
import type { LeadForm } from "~/leads/lead-form";
import { ALL_SITES } from "~/lib/sites";
import { createLead, listLeads, type LeadMeta } from "./leads.server";
import { purgeExpiredLeads } from "./retention.server";

const content = loadSite("sites/anyang");

const visit: LeadForm = {
  kind: "visit",
  name: "홍길동",
  phone: "010-1234-5678",
  message: "",
  privacyConsent: true,
  smsConsent: true,
  visitSlot: null,
};
const inquiry: LeadForm = {
  ...visit,
  kind: "inquiry",
  message: "84A 타입 잔여세대 문의",
  smsConsent: false,
};
const meta: LeadMeta = {
  ip: "203.0.113.7",
  userAgent: "Mozilla/5.0 test",
  source: "/Promotion/Customer",
};
const T0 = new Date("2026-03-01T01:00:00.000Z");
const later = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

describe.each(engines())("lead intake ($name)", (engine) => {
  const t = useTestDb(engine);
  const outbox = () =>
    t.db().all<{
      lead_id: string;
      kind: string;
      status: string;
      payload: string;
    }>("SELECT lead_id, kind, status, payload FROM outbox ORDER BY kind");

  it("stores a registration once, with the consent time and consent version", async () => {
    const result = await createLead(
      requireSite("anyang"),
      inquiry,
      { ...meta, idempotencyKey: "key-aaaaaaaa" },
      T0,
    );
    expect(result.status).toBe("created");
    const leads = await listLeads("anyang");
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      id: (result as { id: string }).id,
      kind: "inquiry",
      name: "홍길동",
      phone: "010-1234-5678",
      message: "84A 타입 잔여세대 문의",
      privacyConsentAt: T0.toISOString(),
      privacyConsentVersion: content.privacy.consentVersion,
      smsConsent: false,
      smsConsentAt: null,
      source: "/Promotion/Customer",
      ip: "203.0.113.7",
      userAgent: "Mozilla/5.0 test",
      // The form display's key with the submission's fingerprint.
      idempotencyKey: expect.stringMatching(/^key-aaaaaaaa\.[0-9a-f]{16}$/),
      createdAt: T0.toISOString(),
      visitAt: null,
      visitCancelledAt: null,
      utmSource: null,
      referrerHost: null,
    });
  });

  it("records the SMS consent time when the visitor agreed to SMS", async () => {
    await createLead(requireSite("anyang"), visit, meta, T0);
    const [lead] = await listLeads("anyang");
    expect(lead).toMatchObject({ smsConsent: true, smsConsentAt: T0.toISOString() });
  });

  it("answers an identical submission within the duplicate window as a duplicate, stored once", async () => {
    setTestEnv({ LEADS_DUPLICATE_WINDOW_SECONDS: "600" });
    const first = await createLead(requireSite("anyang"), visit, meta, T0);
    const again = await createLead(
      requireSite("anyang"),
      visit,
      { ...meta, ip: "198.51.100.20" },
      later(599),
    );
    expect(again).toEqual({
      status: "duplicate",
      id: (first as { id: string }).id,
      visitAt: null,
    });
    expect(await listLeads("anyang")).toHaveLength(1);

    // Another form, or the same form after the window, is a new lead.
    expect(
      (await createLead(requireSite("anyang"), { ...inquiry, message: "" }, meta, later(600)))
        .status,
    ).toBe("created");
    expect((await createLead(requireSite("anyang"), visit, meta, later(601))).status).toBe(
      "created",
    );
    expect(await listLeads("anyang")).toHaveLength(3);
  });

  it("stores a double submit with one idempotency key once, even when both arrive together", async () => {
    setTestEnv({ LEADS_DUPLICATE_WINDOW_SECONDS: "0" });
    const m = { ...meta, idempotencyKey: "0b7c9a52-4d2e-4c8e-9f65-1f0c2b9d6e11" };
    const results = await Promise.all([
      createLead(requireSite("anyang"), visit, m, T0),
      createLead(requireSite("anyang"), visit, m, T0),
      createLead(requireSite("anyang"), visit, m, T0),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual(["created", "duplicate", "duplicate"]);
    const ids = new Set(results.map((r) => (r as { id: string }).id));
    expect(ids.size).toBe(1);
    expect(await listLeads("anyang")).toHaveLength(1);
    // One confirmation and one promotion (SMS consent), both for the one lead.
    expect((await outbox()).map((r) => r.lead_id)).toEqual([...ids, ...ids]);

    // A later retry of the same form display is answered the same way.
    expect(await createLead(requireSite("anyang"), visit, m, later(3600))).toEqual({
      status: "duplicate",
      id: [...ids][0],
      visitAt: null,
    });
  });

  it("acknowledges but does not store a form whose honeypot is filled", async () => {
    expect(
      await createLead(
        requireSite("anyang"),
        visit,
        { ...meta, honeypot: "http://spam.example" },
        T0,
      ),
    ).toEqual({
      status: "ignored",
    });
    expect(await listLeads("anyang")).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  it("acknowledges but does not store a form sent faster than a person can fill it in", async () => {
    const shownAt = T0.getTime() - 400;
    expect(
      await createLead(requireSite("anyang"), visit, { ...meta, startedAt: shownAt }, T0),
    ).toEqual({
      status: "ignored",
    });
    expect(await listLeads("anyang")).toHaveLength(0);
    // Filled in at a human pace, or without JavaScript (no start time): stored.
    expect(
      (
        await createLead(
          requireSite("anyang"),
          visit,
          { ...meta, startedAt: T0.getTime() - 8000 },
          T0,
        )
      ).status,
    ).toBe("created");
    expect((await createLead(requireSite("anyang"), inquiry, { ...meta }, T0)).status).toBe(
      "created",
    );
  });

  it("limits registrations per IP and says when to try again", async () => {
    setTestEnv({
      LEADS_RATE_LIMIT: "3",
      LEADS_RATE_WINDOW_SECONDS: "600",
      LEADS_DUPLICATE_WINDOW_SECONDS: "0",
    });
    const start = new Date("2026-03-01T01:00:00.000Z"); // a window boundary (10-minute windows)
    for (let i = 0; i < 3; i++) {
      const r = await createLead(
        requireSite("anyang"),
        { ...inquiry, phone: `010-0000-000${i}` },
        meta,
        new Date(start.getTime() + i * 1000),
      );
      expect(r.status).toBe("created");
    }
    const blocked = await createLead(
      requireSite("anyang"),
      { ...inquiry, phone: "010-0000-0009" },
      meta,
      new Date(start.getTime() + 60_000),
    );
    expect(blocked).toEqual({ status: "rate_limited", retryAfterSeconds: 540 });
    // Other visitors are not affected, and the next window starts afresh.
    expect(
      (
        await createLead(
          requireSite("anyang"),
          { ...inquiry, phone: "010-1111-0000" },
          { ...meta, ip: "198.51.100.1" },
          start,
        )
      ).status,
    ).toBe("created");
    expect(
      (
        await createLead(
          requireSite("anyang"),
          { ...inquiry, phone: "010-0000-0009" },
          meta,
          new Date(start.getTime() + 600_000),
        )
      ).status,
    ).toBe("created");
    expect(await listLeads("anyang")).toHaveLength(5);
  });

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

  it("writes neither the lead nor its outbox rows when the transaction fails", async () => {
    setTestEnv({ LEADS_WEBHOOK_URL: "http://127.0.0.1:9/hook" });
    // A lead whose outbox row cannot be written (kind outside the CHECK constraint) must leave nothing.
    await expect(
      t.db().transaction(async (tx) => {
        await tx.run(
          `INSERT INTO leads (id, kind, name, phone, message, privacy_consent_at, privacy_consent_version,
             sms_consent, source, ip, created_at) VALUES ('x', 'visit', 'a', 'b', '', 'c', 'd', 0, 's', 'i', 'z')`,
        );
        await tx.run(
          `INSERT INTO outbox (id, lead_id, kind, payload, next_attempt_at, created_at)
           VALUES ('o', 'x', 'fax', '{}', 'z', 'z')`,
        );
      }),
    ).rejects.toThrow();
    expect(await listLeads("anyang")).toHaveLength(0);
  });

  it("lists leads newest first", async () => {
    setTestEnv({ LEADS_DUPLICATE_WINDOW_SECONDS: "0" });
    await createLead(requireSite("anyang"), { ...inquiry, name: "첫째" }, meta, T0);
    await createLead(requireSite("anyang"), { ...inquiry, name: "둘째" }, meta, later(60));
    expect((await listLeads("anyang")).map((l) => l.name)).toEqual(["둘째", "첫째"]);
  });

  it("purges only leads past the retention period, with their outbox rows", async () => {
    setTestEnv({ LEADS_DUPLICATE_WINDOW_SECONDS: "0" });
    const day = 86_400_000;
    const now = new Date("2027-06-01T00:00:00.000Z");
    const days = content.privacy.retentionDays;
    await createLead(
      requireSite("anyang"),
      { ...visit, name: "만료" },
      meta,
      new Date(now.getTime() - (days + 1) * day),
    );
    await createLead(
      requireSite("anyang"),
      { ...visit, name: "보관" },
      meta,
      new Date(now.getTime() - (days - 1) * day),
    );
    expect(await outbox()).toHaveLength(4);

    expect(await purgeExpiredLeads("anyang", now)).toBe(1);
    expect((await listLeads("anyang")).map((l) => l.name)).toEqual(["보관"]);
    expect(await outbox()).toHaveLength(2);
    expect(await purgeExpiredLeads("anyang", now)).toBe(0);
  });

  // ---- Holes found when lead intake was tried as a new visitor would (issue 10) ----

  it("stores a second inquiry from the same phone within the duplicate window when its message differs", async () => {
    setTestEnv({ LEADS_DUPLICATE_WINDOW_SECONDS: "600" });
    const first = await createLead(requireSite("anyang"), inquiry, meta, T0);
    const second = await createLead(
      requireSite("anyang"),
      { ...inquiry, message: "주말에도 상담 가능한가요?" },
      meta,
      later(60),
    );
    expect(second.status).toBe("created");
    expect((second as { id: string }).id).not.toBe((first as { id: string }).id);
    expect((await listLeads("anyang")).map((l) => l.message)).toEqual([
      "주말에도 상담 가능한가요?",
      "84A 타입 잔여세대 문의",
    ]);
    // Another name on the same phone is another person's question too.
    expect(
      (await createLead(requireSite("anyang"), { ...inquiry, name: "홍길순" }, meta, later(90)))
        .status,
    ).toBe("created");
    // Only the very same submission again is a duplicate.
    expect((await createLead(requireSite("anyang"), inquiry, meta, later(120))).status).toBe(
      "duplicate",
    );
    expect(await listLeads("anyang")).toHaveLength(3);
  });

  it("stores a resent idempotency key with a different body as a new lead, never dropping it", async () => {
    const key = "4f1c2a9e-1111-4c8e-9f65-1f0c2b9d6e11";
    const first = await createLead(
      requireSite("anyang"),
      inquiry,
      { ...meta, idempotencyKey: key },
      T0,
    );
    const changed = await createLead(
      requireSite("anyang"),
      { ...inquiry, message: "고친 문의내용입니다" },
      { ...meta, idempotencyKey: key },
      later(5),
    );
    expect(changed.status).toBe("created");
    expect((changed as { id: string }).id).not.toBe((first as { id: string }).id);
    // The changed body resent with the same key is that second lead again.
    expect(
      await createLead(
        requireSite("anyang"),
        { ...inquiry, message: "고친 문의내용입니다" },
        { ...meta, idempotencyKey: key },
        later(9),
      ),
    ).toEqual({ status: "duplicate", id: (changed as { id: string }).id, visitAt: null });
    expect((await listLeads("anyang")).map((l) => l.message).sort()).toEqual([
      "84A 타입 잔여세대 문의",
      "고친 문의내용입니다",
    ]);
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

    await t.db().run("DELETE FROM outbox");
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

  it("limits per phone (5 per 10 minutes) and per address (60): a busy model house's Wi-Fi is not turned away", async () => {
    setTestEnv({ LEADS_DUPLICATE_WINDOW_SECONDS: "0" });
    const start = new Date("2026-03-01T01:00:00.000Z");
    // Twenty visitors behind one address.
    for (let i = 0; i < 20; i++) {
      const r = await createLead(
        requireSite("anyang"),
        { ...inquiry, phone: `010-4000-${String(1000 + i)}` },
        meta,
        new Date(start.getTime() + i * 1000),
      );
      expect(r.status, `visitor ${i + 1}`).toBe("created");
    }
    // One phone from many addresses: the sixth within ten minutes is refused.
    const one = (i: number) =>
      createLead(
        requireSite("anyang"),
        { ...inquiry, message: `문의 ${i}` },
        { ...meta, ip: `198.51.100.${i}` },
        new Date(start.getTime() + 60_000 + i * 1000),
      );
    for (let i = 0; i < 5; i++) expect((await one(i)).status).toBe("created");
    expect(await one(5)).toMatchObject({ status: "rate_limited" });
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
      await t.db().all<{
        recipient: string;
        purpose: string;
        payload: string;
      }>("SELECT recipient, purpose, payload FROM outbox WHERE purpose = 'staff' ORDER BY created_at, recipient")
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
  it("keeps each complex's leads to itself: lists, duplicates, idempotency keys, rate limits and retention", async () => {
    setTestEnv({ LEADS_PHONE_RATE_LIMIT: "2", LEADS_DUPLICATE_WINDOW_SECONDS: "600" });
    const keyed = { ...meta, idempotencyKey: "key-shared-1" };
    const a = await createLead(requireSite("anyang"), inquiry, keyed, T0);
    // The same form, key and phone on another complex is another complex's lead, not a duplicate.
    const b = await createLead(requireSite("suwon"), inquiry, keyed, later(1));
    expect(a.status).toBe("created");
    expect(b.status).toBe("created");
    expect((await createLead(requireSite("suwon"), inquiry, keyed, later(2))).status).toBe(
      "duplicate",
    );

    expect((await listLeads("anyang")).map((l) => [l.id, l.siteId])).toEqual([
      [(a as { id: string }).id, "anyang"],
    ]);
    expect((await listLeads("suwon")).map((l) => [l.id, l.siteId])).toEqual([
      [(b as { id: string }).id, "suwon"],
    ]);
    expect(await listLeads("pyeongchon")).toEqual([]);
    expect((await listLeads(ALL_SITES)).map((l) => l.siteId).sort()).toEqual(["anyang", "suwon"]);

    // The phone's limit (2 here) counts per complex: anyang's lead took 1 of anyang's, suwon's
    // two hits (lead, duplicate answered before counting) 1 of suwon's.
    const phoneMeta = { ...meta, ip: "198.51.100.1" };
    expect(
      (await createLead(requireSite("anyang"), { ...inquiry, name: "둘째" }, phoneMeta, later(3)))
        .status,
    ).toBe("created");
    expect(
      (await createLead(requireSite("anyang"), { ...inquiry, name: "셋째" }, phoneMeta, later(4)))
        .status,
    ).toBe("rate_limited");
    expect(
      (await createLead(requireSite("suwon"), { ...inquiry, name: "둘째" }, phoneMeta, later(5)))
        .status,
    ).toBe("created");

    // Retention deletes one complex's expired leads only.
    const now = new Date(T0.getTime() + (content.privacy.retentionDays + 1) * 86_400_000);
    expect(await purgeExpiredLeads("anyang", now)).toBe(2);
    expect(await listLeads("anyang")).toEqual([]);
    expect(await listLeads("suwon")).toHaveLength(2);
  });
});

describe.each(engines())("the number shown per ad source ($name)", (engine) => {
  const t = useTestDb(engine);
  const staffRecipients = async () =>
    (
      await t.db().all<{
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
