import { afterEach, describe, expect, it } from "vitest";
import { engines, setTestEnv, useTestDb } from "~/db/test-support";
import { createLead } from "~/leads/leads.server";
import type { LeadForm } from "~/leads/lead-form";
import { baseSite, replaceSite, resetSites, requireSite } from "~/sites/registry.server";
import { createOutboxWorker, listOutbox } from "./outbox.server";
import { startSolapiStandIn } from "./solapi-stand-in";
import { SolapiProvider } from "./solapi.server";

const visit: LeadForm = {
  kind: "visit",
  name: "김분양",
  phone: "010-9876-5432",
  message: "",
  privacyConsent: true,
  smsConsent: true,
  visitSlot: "2026-03-02T14:00",
};
const meta = { ip: "203.0.113.9", source: "/" };
const T0 = new Date("2026-03-01T01:00:00.000Z");
const KAKAO = {
  pfId: "KA01PF0000000000anyang",
  templates: { visitConfirmation: "KA01TPvisit0001", staffAlert: "KA01TPstaff0001" },
};

/** Serves anyang with 알림톡 and its own registered sender, as its content file would say. */
function anyangWithKakao() {
  replaceSite({ ...baseSite("anyang"), kakao: KAKAO, sms: { sender: "1600-1234" } });
}

describe.each(engines())("messages through Solapi ($name)", (engine) => {
  useTestDb(engine);
  const standIns: Awaited<ReturnType<typeof startSolapiStandIn>>[] = [];
  afterEach(async () => {
    resetSites();
    for (const s of standIns.splice(0)) await s.close();
  });
  async function solapi(secrets: Record<string, string>) {
    const s = await startSolapiStandIn(secrets);
    standIns.push(s);
    return s;
  }
  /** A stand-in with one key, configured as every complex's Solapi, a sender and a staff phone. */
  async function solapiForAll(env: Record<string, string> = {}) {
    const api = await solapi({ "key-1": "secret-1" });
    setTestEnv({
      SOLAPI_API_KEY: "key-1",
      SOLAPI_API_SECRET: "secret-1",
      SOLAPI_API_URL: api.url(),
      SMS_SENDER: "0310000000",
      STAFF_ALERT_PHONES: "010-1111-2222",
      ...env,
    });
    return api;
  }

  it("sends a booking's confirmation and staff alert as 알림톡 (one each) with the complex's channel, templates, sender and filled variables; the promotion stays a text", async () => {
    const api = await solapiForAll({ SITE_URL: "https://bunyang.example" });
    anyangWithKakao();
    await createLead(requireSite("anyang"), visit, meta, T0);

    expect(await createOutboxWorker().runOnce(T0)).toEqual({ delivered: 3, retried: 0, failed: 0 });
    const sent = api.accepted;
    expect(sent).toHaveLength(3);
    const toVisitor = sent.filter((m) => m.to === "01098765432");
    const toStaff = sent.filter((m) => m.to === "01011112222");
    expect(toStaff).toHaveLength(1);

    const [confirmation] = toVisitor.filter((m) => m.type === "ATA");
    expect(toVisitor.filter((m) => m.type === "ATA")).toHaveLength(1);
    expect(confirmation).toMatchObject({
      from: "16001234",
      kakaoOptions: {
        pfId: KAKAO.pfId,
        templateId: KAKAO.templates.visitConfirmation,
        disableSms: false,
      },
    });
    const variables = confirmation!.kakaoOptions!.variables;
    expect(variables).toMatchObject({
      "#{이름}": "김분양",
      "#{단지명}": baseSite("anyang").identity.name,
      "#{방문일시}": "3월 2일(월) 14:00",
      "#{장소}": baseSite("anyang").identity.modelHouseAddress,
      "#{문의전화}": baseSite("anyang").identity.phone,
    });
    expect(variables["#{예약링크}"]).toMatch(/^https:\/\/bunyang\.example\/b\/[A-Za-z0-9_-]{20,}$/);
    for (const value of Object.values(variables)) expect(typeof value).toBe("string");
    // The substitute text carries the same facts.
    expect(confirmation!.text).toContain("방문예약이 확정되었습니다");
    expect(confirmation!.text).toContain(variables["#{예약링크}"]);

    expect(toStaff[0]).toMatchObject({
      type: "ATA",
      from: "16001234",
      kakaoOptions: {
        pfId: KAKAO.pfId,
        templateId: KAKAO.templates.staffAlert,
        variables: { "#{구분}": "새 방문예약", "#{이름}": "김분양", "#{연락처}": "010-9876-5432" },
        disableSms: false,
      },
    });

    const [promotion] = toVisitor.filter((m) => m.type !== "ATA");
    expect(promotion!.text.startsWith("(광고)")).toBe(true);
    expect(promotion!.type).toBe("LMS");
    expect(promotion!.kakaoOptions).toBeUndefined();

    // Each row keeps the id Solapi gave it, the type it went as, and 접수 as its state.
    const rows = await listOutbox("anyang");
    const byPurpose = (p: string) => rows.find((r) => r.purpose === p)!;
    expect(byPurpose("confirmation")).toMatchObject({
      status: "delivered",
      provider_message_id: confirmation!.messageId,
      message_type: "ATA",
      delivery_state: "accepted",
    });
    expect(byPurpose("staff")).toMatchObject({ message_type: "ATA", delivery_state: "accepted" });
    expect(byPurpose("promotion")).toMatchObject({
      provider_message_id: promotion!.messageId,
      message_type: "LMS",
    });
  });

  it("without 알림톡 in the content, sends texts: SMS up to 90 bytes, LMS beyond, from SMS_SENDER", async () => {
    const api = await solapiForAll();
    await createLead(requireSite("anyang"), { ...visit, smsConsent: false }, meta, T0);
    await createOutboxWorker().runOnce(T0);
    const sent = api.accepted.map((m) => [m.to, m.type, m.from, m.kakaoOptions]).sort();
    expect(sent).toEqual([
      ["01011112222", "SMS", "0310000000", undefined], // the staff alert: under 90 bytes
      ["01098765432", "LMS", "0310000000", undefined],
    ]);

    const provider = new SolapiProvider({
      siteId: "anyang",
      apiUrl: api.url(),
      apiKey: "key-1",
      apiSecret: "secret-1",
    });
    const short = "가".repeat(45);
    expect(await provider.send("010-1234-5678", short)).toMatchObject({ type: "SMS" });
    expect(await provider.send("010-1234-5678", `${short}나`)).toMatchObject({ type: "LMS" });
    expect(await provider.send("010-1234-5678", "a".repeat(90))).toMatchObject({ type: "SMS" });
  });

  it("sends a text over 1,000 characters as LMS instead of 알림톡", async () => {
    const api = await solapi({ "key-1": "secret-1" });
    anyangWithKakao();
    const provider = new SolapiProvider({
      siteId: "anyang",
      apiUrl: api.url(),
      apiKey: "key-1",
      apiSecret: "secret-1",
    });
    const details = { purpose: "confirmation" as const, variables: { "#{이름}": "김분양" } };
    expect(await provider.send("010-1234-5678", "가".repeat(1000), details)).toMatchObject({
      type: "ATA",
    });
    expect(await provider.send("010-1234-5678", "가".repeat(1001), details)).toMatchObject({
      type: "LMS",
    });
    expect(api.accepted.map((m) => [m.type, m.text.length, Boolean(m.kakaoOptions)])).toEqual([
      ["ATA", 1000, true],
      ["LMS", 1001, false],
    ]);
  });

  it("signs each complex's messages with its own key and secret; a complex with its own key never uses the default secret", async () => {
    const api = await solapi({ "default-key": "default-secret", "suwon-key": "suwon-secret" });
    setTestEnv({
      SOLAPI_API_KEY: "default-key",
      SOLAPI_API_SECRET: "default-secret",
      SOLAPI_API_URL: api.url(),
      SOLAPI_API_KEY__SUWON: "suwon-key",
      LEADS_DUPLICATE_WINDOW_SECONDS: "0",
    });
    const noPromotion = { ...visit, smsConsent: false, visitSlot: null };
    await createLead(requireSite("anyang"), noPromotion, meta, T0);
    await createLead(requireSite("suwon"), noPromotion, meta, T0);

    // suwon has a key of its own but no secret of its own: nothing is sent for it.
    expect(await createOutboxWorker().runOnce(T0)).toEqual({ delivered: 1, retried: 1, failed: 0 });
    expect((await listOutbox("suwon"))[0]!.last_error).toBe(
      "SOLAPI_API_SECRET__SUWON가 설정되지 않았습니다",
    );
    expect(api.accepted.map((m) => m.apiKey)).toEqual(["default-key"]);

    setTestEnv({ SOLAPI_API_SECRET__SUWON: "suwon-secret" });
    await createOutboxWorker().runOnce(new Date(T0.getTime() + 3600_000));
    expect(api.accepted.map((m) => m.apiKey)).toEqual(["default-key", "suwon-key"]);
  });

  it("retries when Solapi refuses the signature (a wrong secret), recording the 401", async () => {
    const api = await solapi({ "key-1": "secret-1" });
    setTestEnv({
      SOLAPI_API_KEY: "key-1",
      SOLAPI_API_SECRET: "wrong-secret",
      SOLAPI_API_URL: api.url(),
    });
    await createLead(
      requireSite("anyang"),
      { ...visit, smsConsent: false, visitSlot: null },
      meta,
      T0,
    );
    expect(await createOutboxWorker().runOnce(T0)).toEqual({ delivered: 0, retried: 1, failed: 0 });
    expect(api.requests).toHaveLength(1);
    expect(api.accepted).toHaveLength(0);
    expect((await listOutbox("anyang"))[0]).toMatchObject({
      status: "pending",
      last_error: "Solapi 응답 401 (SignatureDoesNotMatch)",
      provider_message_id: null,
    });
  });
});
