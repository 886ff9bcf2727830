import { describe, expect, it } from "vitest";
import { content } from "~/content";
import { engines, setTestEnv, useTestDb } from "~/db/test-support";
import type { LeadForm } from "~/lib/lead-form";
import { createLead, listLeads, purgeExpiredLeads, type LeadMeta } from "./leads.server";

const visit: LeadForm = {
  kind: "visit",
  name: "홍길동",
  phone: "010-1234-5678",
  message: "",
  privacyConsent: true,
  smsConsent: true,
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
    const result = await createLead(inquiry, { ...meta, idempotencyKey: "key-aaaaaaaa" }, T0);
    expect(result.status).toBe("created");
    const leads = await listLeads();
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
      idempotencyKey: "key-aaaaaaaa",
      createdAt: T0.toISOString(),
    });
  });

  it("records the SMS consent time when the visitor agreed to SMS", async () => {
    await createLead(visit, meta, T0);
    const [lead] = await listLeads();
    expect(lead).toMatchObject({ smsConsent: true, smsConsentAt: T0.toISOString() });
  });

  it("answers the same phone on the same form within the duplicate window as a duplicate, stored once", async () => {
    setTestEnv({ LEADS_DUPLICATE_WINDOW_SECONDS: "600" });
    const first = await createLead(visit, meta, T0);
    const again = await createLead({ ...visit, name: "홍길동2" }, meta, later(599));
    expect(again).toEqual({ status: "duplicate", id: (first as { id: string }).id });
    expect(await listLeads()).toHaveLength(1);

    // Another form, or the same form after the window, is a new lead.
    expect((await createLead(inquiry, meta, later(600))).status).toBe("created");
    expect((await createLead(visit, meta, later(601))).status).toBe("created");
    expect(await listLeads()).toHaveLength(3);
  });

  it("stores a double submit with one idempotency key once, even when both arrive together", async () => {
    setTestEnv({ LEADS_DUPLICATE_WINDOW_SECONDS: "0" });
    const m = { ...meta, idempotencyKey: "0b7c9a52-4d2e-4c8e-9f65-1f0c2b9d6e11" };
    const results = await Promise.all([
      createLead(visit, m, T0),
      createLead(visit, m, T0),
      createLead(visit, m, T0),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual(["created", "duplicate", "duplicate"]);
    const ids = new Set(results.map((r) => (r as { id: string }).id));
    expect(ids.size).toBe(1);
    expect(await listLeads()).toHaveLength(1);
    expect(await outbox()).toHaveLength(1);

    // A later retry of the same form display is answered the same way.
    expect(await createLead(visit, m, later(3600))).toEqual({
      status: "duplicate",
      id: [...ids][0],
    });
  });

  it("acknowledges but does not store a form whose honeypot is filled", async () => {
    expect(await createLead(visit, { ...meta, honeypot: "http://spam.example" }, T0)).toEqual({
      status: "ignored",
    });
    expect(await listLeads()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  it("acknowledges but does not store a form sent faster than a person can fill it in", async () => {
    const shownAt = T0.getTime() - 400;
    expect(await createLead(visit, { ...meta, startedAt: shownAt }, T0)).toEqual({
      status: "ignored",
    });
    expect(await listLeads()).toHaveLength(0);
    // Filled in at a human pace, or without JavaScript (no start time): stored.
    expect((await createLead(visit, { ...meta, startedAt: T0.getTime() - 8000 }, T0)).status).toBe(
      "created",
    );
    expect((await createLead(inquiry, { ...meta }, T0)).status).toBe("created");
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
        { ...inquiry, phone: `010-0000-000${i}` },
        meta,
        new Date(start.getTime() + i * 1000),
      );
      expect(r.status).toBe("created");
    }
    const blocked = await createLead(
      { ...inquiry, phone: "010-0000-0009" },
      meta,
      new Date(start.getTime() + 60_000),
    );
    expect(blocked).toEqual({ status: "rate_limited", retryAfterSeconds: 540 });
    // Other visitors are not affected, and the next window starts afresh.
    expect(
      (
        await createLead(
          { ...inquiry, phone: "010-1111-0000" },
          { ...meta, ip: "198.51.100.1" },
          start,
        )
      ).status,
    ).toBe("created");
    expect(
      (
        await createLead(
          { ...inquiry, phone: "010-0000-0009" },
          meta,
          new Date(start.getTime() + 600_000),
        )
      ).status,
    ).toBe("created");
    expect(await listLeads()).toHaveLength(5);
  });

  it("queues an SMS only for a visit registration with SMS consent, in the same transaction as the lead", async () => {
    setTestEnv({ LEADS_DUPLICATE_WINDOW_SECONDS: "0" });
    const withSms = await createLead(visit, meta, T0);
    await createLead({ ...visit, phone: "010-2222-3333", smsConsent: false }, meta, T0);
    await createLead({ ...inquiry, smsConsent: true }, meta, T0);
    const rows = await outbox();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      lead_id: (withSms as { id: string }).id,
      kind: "sms",
      status: "pending",
    });
    const payload = JSON.parse(rows[0]!.payload) as { to: string; text: string };
    expect(payload.to).toBe("010-1234-5678");
    expect(payload.text.startsWith("(광고)")).toBe(true);
  });

  it("queues a webhook for every lead only when LEADS_WEBHOOK_URL is set", async () => {
    setTestEnv({ LEADS_DUPLICATE_WINDOW_SECONDS: "0" });
    await createLead(inquiry, meta, T0);
    expect(await outbox()).toHaveLength(0);

    setTestEnv({ LEADS_WEBHOOK_URL: "http://127.0.0.1:9/hook" });
    const created = await createLead(inquiry, meta, later(1));
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
    expect(await listLeads()).toHaveLength(0);
  });

  it("lists leads newest first", async () => {
    setTestEnv({ LEADS_DUPLICATE_WINDOW_SECONDS: "0" });
    await createLead({ ...inquiry, name: "첫째" }, meta, T0);
    await createLead({ ...inquiry, name: "둘째" }, meta, later(60));
    expect((await listLeads()).map((l) => l.name)).toEqual(["둘째", "첫째"]);
  });

  it("purges only leads past the retention period, with their outbox rows", async () => {
    setTestEnv({ LEADS_DUPLICATE_WINDOW_SECONDS: "0" });
    const day = 86_400_000;
    const now = new Date("2027-06-01T00:00:00.000Z");
    const days = content.privacy.retentionDays;
    await createLead({ ...visit, name: "만료" }, meta, new Date(now.getTime() - (days + 1) * day));
    await createLead({ ...visit, name: "보관" }, meta, new Date(now.getTime() - (days - 1) * day));
    expect(await outbox()).toHaveLength(2);

    expect(await purgeExpiredLeads(now)).toBe(1);
    expect((await listLeads()).map((l) => l.name)).toEqual(["보관"]);
    expect(await outbox()).toHaveLength(1);
    expect(await purgeExpiredLeads(now)).toBe(0);
  });
});
