import { describe, expect, it, vi } from "vitest";
import { engines, setTestEnv, useTestDb } from "~/db/test-support";
import { leadsToCsv } from "~/leads/csv.server";
import { hookLead, hookSignature, signature } from "~/leads/hook-test-support";
import { HOOK_MESSAGES, receiveLeadHook } from "~/leads/lead-hook.server";
import { NO_STORE } from "~/lib/cache";
import { createLead, listLeads } from "~/leads/leads.server";
import { HOOK_SOURCE } from "~/crm/crm";
import { leadKindLabel } from "~/crm/lead-desk";
import { MESSAGES } from "~/leads/lead-form";
import { action, loader } from "./hooks.leads";
import { requireSite } from "~/sites/registry.server";

const SECRET = "anyang-hook-secret-0123456789";
const SUWON_SECRET = "suwon-hook-secret-9876543210";

const lead = hookLead();

type Answer = { status: number; body: Record<string, unknown> };

/** A sender's POST as the route receives it: no Origin, no cookie, the raw body signed (or not). */
async function send(
  body: unknown,
  {
    site = "anyang",
    secret = SECRET as string | null,
    sign = undefined as string | undefined,
    headers: extra = {} as Record<string, string>,
    now = undefined as Date | undefined,
  } = {},
): Promise<Answer> {
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  const headers: Record<string, string> = { "Content-Type": "application/json", ...extra };
  if (sign !== undefined) headers["X-Signature"] = sign;
  else if (secret !== null) headers["X-Signature"] = hookSignature(site, raw, secret);
  const request = new Request(`http://localhost/hooks/leads/${site}`, {
    method: "POST",
    body: raw,
    headers,
  });
  const ip = "198.51.100.20";
  const args = { request, context: { ip }, params: { siteId: site } };
  // An injected clock goes to the service the route calls; otherwise the route itself answers.
  const response = now
    ? await receiveLeadHook(request, site, ip, now)
    : await action(args as unknown as Parameters<typeof action>[0]);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.headers.get("cache-control")).toBe(NO_STORE);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.each(engines())("outside leads by signed webhook ($name)", (engine) => {
  const t = useTestDb(engine);
  const count = async (table: string) =>
    Number((await t.db().get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))?.n);
  const stored = async () => ({
    leads: await count("leads"),
    customers: await count("customers"),
    outbox: await count("outbox"),
  });

  it("stores a signed lead sent three times once: 201, then 200 with the same ids", async () => {
    setTestEnv({ LEAD_HOOK_SECRET: SECRET });
    const first = await send(lead);
    expect(first).toEqual({
      status: 201,
      body: { ok: true, id: expect.any(String), customerId: expect.any(String), duplicate: false },
    });
    for (let i = 0; i < 2; i++)
      expect(await send(lead)).toEqual({
        status: 200,
        body: { ...first.body, duplicate: true },
      });
    expect(await stored()).toMatchObject({ leads: 1, customers: 1 });

    const [row] = await listLeads("anyang");
    expect(row).toMatchObject({
      id: first.body.id,
      kind: "inquiry",
      name: "김외부",
      phone: "010-4321-8765",
      message: "84A 타입 문의",
      source: HOOK_SOURCE,
      smsConsent: false,
      utmSource: "meta",
      utmCampaign: "open_day",
      ip: "198.51.100.20",
      idempotencyKey: "hook:fb-lead-1001",
    });
    const card = await t.db().get<{
      id: string;
      touches: number;
      source: string;
      phone: string;
    }>("SELECT id, touches, source, phone FROM customers");
    expect(card).toEqual({
      id: first.body.customerId,
      touches: 1,
      source: "utm:meta",
      phone: "010-4321-8765",
    });
  });

  it("stores once when the sender's retries arrive at the same time", async () => {
    setTestEnv({ LEAD_HOOK_SECRET: SECRET });
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(lead)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.customerId)).size).toBe(1);
    expect(await stored()).toMatchObject({ leads: 1, customers: 1 });
  });

  it("takes the sender's id as a number too, stored as its digits", async () => {
    setTestEnv({ LEAD_HOOK_SECRET: SECRET });
    expect((await send({ ...lead, id: 5501 })).status).toBe(201);
    expect((await send({ ...lead, id: "5501" })).status).toBe(200);
    expect((await listLeads("anyang")).map((l) => l.idempotencyKey)).toEqual(["hook:5501"]);
  });

  it("answers a wrong or missing signature 401 in JSON and stores nothing", async () => {
    setTestEnv({ LEAD_HOOK_SECRET: SECRET, STAFF_ALERT_PHONES: "010-9000-0001" });
    expect(await send(lead, { secret: "someone-elses-secret-000000" })).toEqual({
      status: 401,
      body: { ok: false, error: "signature_invalid", message: HOOK_MESSAGES.signatureInvalid },
    });
    expect(await send(lead, { secret: null })).toEqual({
      status: 401,
      body: { ok: false, error: "signature_missing", message: HOOK_MESSAGES.signatureMissing },
    });
    // The signature of another body, and one that is not hex.
    expect((await send(lead, { sign: signature("{}", SECRET) })).status).toBe(401);
    expect((await send(lead, { sign: "sha256=zz" })).status).toBe(401);
    expect(await stored()).toEqual({ leads: 0, customers: 0, outbox: 0 });
  });

  it("answers an unknown complex, and one without a key, exactly as a bad signature, storing nothing", async () => {
    setTestEnv({ LEAD_HOOK_SECRET__SUWON: SUWON_SECRET });
    const badSignature = await send(lead, { site: "suwon", secret: "someone-elses-secret-000000" });
    expect(badSignature).toEqual({
      status: 401,
      body: { ok: false, error: "signature_invalid", message: HOOK_MESSAGES.signatureInvalid },
    });
    // Ids that do not exist, signed with the key a sender might guess, or with suwon's own.
    for (const site of ["nowhere", "Suwon", "a_b", "x".repeat(200)])
      for (const secret of [SUWON_SECRET, "someone-elses-secret-000000"])
        expect(await send(lead, { site, secret }), site).toEqual(badSignature);
    // anyang exists but has no key here (no LEAD_HOOK_SECRET, no LEAD_HOOK_SECRET__ANYANG): the
    // operator is told in the log (once per process, so not asserted here), the sender nothing more.
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      expect(await send(lead, { site: "anyang", secret: SUWON_SECRET })).toEqual(badSignature);
    } finally {
      warn.mockRestore();
    }
    // Unsigned, every id reads the same too.
    const unsigned = await send(lead, { site: "suwon", secret: null });
    expect(unsigned).toEqual({
      status: 401,
      body: { ok: false, error: "signature_missing", message: HOOK_MESSAGES.signatureMissing },
    });
    expect(await send(lead, { site: "nowhere", secret: null })).toEqual(unsigned);
    expect(await stored()).toEqual({ leads: 0, customers: 0, outbox: 0 });
  });

  it("accepts the same signed bytes at one complex at most: anyang's lead replayed to suwon is refused and not stored", async () => {
    setTestEnv({ LEAD_HOOK_SECRET: SECRET });
    const raw = JSON.stringify(lead);
    const refused = {
      status: 401,
      body: { ok: false, error: "signature_invalid", message: HOOK_MESSAGES.signatureInvalid },
    };
    // Issue 38's replay: the body alone signed with the shared key (the first README's form) was
    // taken by anyang and again, byte for byte, by suwon. It names no complex: neither takes it.
    const bodyAlone = { sign: signature(raw, SECRET) };
    expect(await send(raw, { site: "anyang", ...bodyAlone })).toEqual(refused);
    expect(await send(raw, { site: "suwon", ...bodyAlone })).toEqual(refused);
    // Signed for anyang: taken there, and refused when the same bytes go to suwon.
    const forAnyang = { sign: hookSignature("anyang", raw, SECRET) };
    expect((await send(raw, { site: "anyang", ...forAnyang })).status).toBe(201);
    expect(await send(raw, { site: "suwon", ...forAnyang })).toEqual(refused);
    expect(await listLeads("suwon")).toEqual([]);
    expect((await listLeads("anyang")).map((l) => l.idempotencyKey)).toEqual(["hook:fb-lead-1001"]);
    expect(await count("leads")).toBe(1);
  });

  it("still takes the body alone signed with a complex's own key, where no other complex has that key", async () => {
    setTestEnv({
      LEAD_HOOK_SECRET: SECRET,
      LEAD_HOOK_SECRET__ANYANG: "anyang-own-secret-0123456789",
    });
    const raw = JSON.stringify(lead);
    const bodyAlone = { sign: signature(raw, "anyang-own-secret-0123456789") };
    expect((await send(raw, { site: "anyang", ...bodyAlone })).status).toBe(201);
    expect((await send(raw, { site: "suwon", ...bodyAlone })).status).toBe(401);
    // suwon given the same key: now the key names no single complex, and the body alone is refused.
    setTestEnv({ LEAD_HOOK_SECRET__SUWON: "anyang-own-secret-0123456789" });
    const again = JSON.stringify({ ...lead, id: "second" });
    const both = { sign: signature(again, "anyang-own-secret-0123456789") };
    for (const site of ["anyang", "suwon"])
      expect((await send(again, { site, ...both })).status, site).toBe(401);
    expect(await count("leads")).toBe(1);
  });

  it("takes a signed X-Timestamp within five minutes of the server's clock, either way, and refuses one outside", async () => {
    setTestEnv({ LEAD_HOOK_SECRET: SECRET });
    const now = new Date("2026-03-01T01:00:00.000Z");
    const seconds = now.getTime() / 1000;
    const withTimestamp = (id: string, timestamp: number | string, signedAs = timestamp) => {
      const raw = JSON.stringify({ ...lead, id });
      return send(raw, {
        now,
        headers: { "X-Timestamp": String(timestamp) },
        sign: hookSignature("anyang", raw, SECRET, signedAs),
      });
    };
    expect((await withTimestamp("t-now", seconds)).status).toBe(201);
    expect((await withTimestamp("t-early", seconds - 300)).status).toBe(201);
    expect((await withTimestamp("t-late", seconds + 300)).status).toBe(201);
    const outside = {
      status: 401,
      body: {
        ok: false,
        error: "timestamp_out_of_window",
        message: HOOK_MESSAGES.timestampOutOfWindow,
      },
    };
    expect(await withTimestamp("t-old", seconds - 301)).toEqual(outside);
    expect(await withTimestamp("t-future", seconds + 301)).toEqual(outside);
    // The timestamp is part of what is signed: a fresh one on an old signature does not pass.
    expect(await withTimestamp("t-moved", seconds, seconds - 3600)).toMatchObject({
      status: 401,
      body: { error: "signature_invalid" },
    });
    // Nor a signature without it under the header.
    const raw = JSON.stringify({ ...lead, id: "t-unsigned" });
    expect(await send(raw, { now, headers: { "X-Timestamp": String(seconds) } })).toMatchObject({
      status: 401,
      body: { error: "signature_invalid" },
    });
    expect(await withTimestamp("t-bad", "12:00")).toEqual({
      status: 401,
      body: { ok: false, error: "timestamp_invalid", message: HOOK_MESSAGES.timestampInvalid },
    });
    expect((await listLeads("anyang")).map((l) => l.idempotencyKey).sort()).toEqual([
      "hook:t-early",
      "hook:t-late",
      "hook:t-now",
    ]);
  });

  it("checks each complex's own key (LEAD_HOOK_SECRET__<ID>), the bare one the others' fallback", async () => {
    setTestEnv({ LEAD_HOOK_SECRET: SECRET, LEAD_HOOK_SECRET__SUWON: SUWON_SECRET });
    expect((await send(lead, { site: "suwon" })).status).toBe(401);
    expect((await send(lead, { site: "suwon", secret: SUWON_SECRET })).status).toBe(201);
    expect((await send(lead, { site: "anyang" })).status).toBe(201);
    // The same sender id on two complexes: two leads, one on each.
    expect((await listLeads("suwon")).map((l) => l.siteId)).toEqual(["suwon"]);
    expect((await listLeads("anyang")).map((l) => l.siteId)).toEqual(["anyang"]);
  });

  it("answers an invalid body 422 with the field and its Korean message, storing nothing", async () => {
    setTestEnv({ LEAD_HOOK_SECRET: SECRET });
    const invalid = async (body: unknown) => (await send(body)).body;
    expect(await send("not json")).toEqual({
      status: 422,
      body: { ok: false, error: "invalid_json", message: HOOK_MESSAGES.notJson },
    });
    expect(await invalid([lead])).toMatchObject({ error: "invalid_json" });
    expect(await send({ ...lead, phone: "010-12" })).toEqual({
      status: 422,
      body: {
        ok: false,
        error: "invalid_field",
        field: "phone",
        message: MESSAGES.phoneInvalid,
        errors: { phone: MESSAGES.phoneInvalid },
      },
    });
    expect(await invalid({ ...lead, privacyConsent: false })).toMatchObject({
      field: "privacyConsent",
      message: "개인정보 수집·이용 동의가 필요합니다",
    });
    expect(await invalid({ ...lead, privacyConsent: "true" })).toMatchObject({
      field: "privacyConsent",
    });
    expect(await invalid({ ...lead, name: "http://spam.example" })).toMatchObject({
      field: "name",
      message: MESSAGES.nameChars,
    });
    expect(await invalid({ ...lead, id: "" })).toMatchObject({
      field: "id",
      message: HOOK_MESSAGES.senderId,
    });
    expect(await invalid({ ...lead, id: "x".repeat(101) })).toMatchObject({ field: "id" });
    expect(await invalid({ ...lead, smsConsent: "yes" })).toMatchObject({
      field: "smsConsent",
      message: HOOK_MESSAGES.smsConsent,
    });
    expect(await invalid({ ...lead, source: "a".repeat(101) })).toMatchObject({
      field: "source",
      message: HOOK_MESSAGES.text("source"),
    });
    expect(await invalid({ ...lead, campaign: "<script>" })).toMatchObject({ field: "campaign" });
    // Every bad field is listed; `field` and `message` are the first.
    expect(await invalid({ ...lead, id: undefined, name: "" })).toMatchObject({
      field: "id",
      errors: { id: HOOK_MESSAGES.senderId, name: MESSAGES.nameRequired },
    });
    expect(await stored()).toEqual({ leads: 0, customers: 0, outbox: 0 });
  });

  it("takes the optional fields absent or null", async () => {
    setTestEnv({ LEAD_HOOK_SECRET: SECRET });
    const { id, name, phone, privacyConsent } = lead;
    expect((await send({ id, name, phone, privacyConsent, source: null })).status).toBe(201);
    expect((await listLeads("anyang"))[0]).toMatchObject({
      smsConsent: false,
      utmSource: null,
      utmCampaign: null,
      message: "",
    });
  });

  it("merges into the card of an earlier form lead with the same phone: one person, two touches", async () => {
    setTestEnv({ LEAD_HOOK_SECRET: SECRET });
    const form = await createLead(
      requireSite("anyang"),
      {
        kind: "inquiry",
        name: "김외부",
        phone: "010-4321-8765",
        message: "",
        privacyConsent: true,
        smsConsent: false,
        visitSlot: null,
      },
      { ip: "203.0.113.7", source: "/Promotion/Customer" },
      new Date(Date.now() - 60_000),
    );
    expect(form.status).toBe("created");
    const hook = await send(lead);
    expect(hook.status).toBe(201);
    const cards = await t.db().all<{
      id: string;
      touches: number;
      source: string;
    }>("SELECT id, touches, source FROM customers");
    expect(cards).toEqual([{ id: hook.body.customerId, touches: 2, source: "direct" }]);
    const leads = await t.db().all<{ customer_id: string }>("SELECT customer_id FROM leads");
    expect(leads).toEqual([
      { customer_id: hook.body.customerId },
      { customer_id: hook.body.customerId },
    ]);
  });

  it("alerts staff as a form lead does, forwards to LEADS_WEBHOOK_URL, and sends the person no SMS", async () => {
    setTestEnv({
      LEAD_HOOK_SECRET: SECRET,
      STAFF_ALERT_PHONES: "010-9000-0001, 010-9000-0002",
      LEADS_WEBHOOK_URL: "http://127.0.0.1:9/leads",
    });
    const { body } = await send(lead);
    await send(lead);
    const rows = await t.db().all<{
      lead_id: string;
      kind: string;
      recipient: string | null;
      purpose: string | null;
      payload: string;
    }>("SELECT lead_id, kind, recipient, purpose, payload FROM outbox ORDER BY kind, recipient");
    expect(rows.map((r) => [r.kind, r.purpose, r.recipient])).toEqual([
      ["sms", "staff", "010-9000-0001"],
      ["sms", "staff", "010-9000-0002"],
      ["webhook", null, null],
    ]);
    expect(rows.every((r) => r.lead_id === body.id)).toBe(true);
    expect((JSON.parse(rows[0]!.payload) as { text: string }).text).toMatch(
      /새 상담문의\n김외부 010-4321-8765\n유입: meta · open_day \(\/hooks\/leads\)$/,
    );
    expect(JSON.parse(rows[2]!.payload)).toMatchObject({
      id: body.id,
      source: HOOK_SOURCE,
      utm_source: "meta",
      utm_campaign: "open_day",
    });
  });

  it("answers 429 past HOOK_RATE_LIMIT signed requests a minute, counting no unsigned one", async () => {
    setTestEnv({ LEAD_HOOK_SECRET: SECRET, HOOK_RATE_LIMIT: "2" });
    for (let i = 0; i < 3; i++) expect((await send(lead, { secret: null })).status).toBe(401);
    expect((await send({ ...lead, id: "a" })).status).toBe(201);
    expect((await send({ ...lead, id: "b" })).status).toBe(201);
    const refused = await send({ ...lead, id: "c" });
    expect(refused).toMatchObject({ status: 429, body: { ok: false, error: "rate_limited" } });
    expect(refused.body.message).toMatch(/초 뒤에 다시 보내 주세요/);
    expect(await count("leads")).toBe(2);
  });

  it("answers a body over 64 KB 413 in JSON, after reading it", async () => {
    setTestEnv({ LEAD_HOOK_SECRET: SECRET });
    const big = { ...lead, message: "가".repeat(40_000) };
    expect(await send(big)).toEqual({
      status: 413,
      body: { ok: false, error: "too_large", message: HOOK_MESSAGES.tooLarge },
    });
    expect(await count("leads")).toBe(0);
  });

  it("shows such a lead as 외부 접수 on the desk and in the CSV's 구분", async () => {
    setTestEnv({ LEAD_HOOK_SECRET: SECRET });
    await send(lead);
    const [row] = await listLeads("anyang");
    expect(leadKindLabel(row!)).toBe("외부 접수");
    expect(leadKindLabel({ kind: "inquiry", source: "/Promotion/Customer" })).toBe("상담문의");
    expect(leadsToCsv([row!]).split("\r\n")[1]).toMatch(/^[^,]+,외부 접수,김외부,010-4321-8765,/);
  });

  it("answers a GET 405 (the server turns it into its JSON refusal)", () => {
    expect(() => loader()).toThrow();
    try {
      loader();
    } catch (thrown) {
      expect((thrown as { init: ResponseInit }).init).toMatchObject({ status: 405 });
    }
  });
});
