import { describe, expect, it } from "vitest";
import { loadSite, requireSite } from "~/sites/registry.server";
import { engines, setTestEnv } from "~/db/test-support";
import { ALL_SITES } from "~/lib/sites";
import { createLead, listLeads } from "./leads.server";
import { purgeExpiredLeads } from "./retention.server";
import { inquiry, later, meta, T0, useLeadsDb, visit } from "./test-support";

const content = loadSite("sites/anyang");

describe.each(engines())("lead intake ($name)", (engine) => {
  const { db, outbox } = useLeadsDb(engine);

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

  it("writes neither the lead nor its outbox rows when the transaction fails", async () => {
    setTestEnv({ LEADS_WEBHOOK_URL: "http://127.0.0.1:9/hook" });
    // A lead whose outbox row cannot be written (kind outside the CHECK constraint) must leave nothing.
    await expect(
      db().transaction(async (tx) => {
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
