import { describe, expect, it } from "vitest";
import { engines, setTestEnv, useTestDb } from "~/db/test-support";
import { listLeads } from "~/leads/leads.server";
import { MESSAGE_MAX, MESSAGES, NAME_MAX, RESULT_MESSAGES } from "~/leads/lead-form";
import { ECHO_MAX, leadAction } from "./lead-action.server";

/** The action as a form post reaches it: the body exactly as written (repeated fields stay repeated). */
async function post(body: string, path = "/register", kind: "visit" | "inquiry" = "visit") {
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  const result = await leadAction(
    { request, context: { ip: "203.0.113.50" } },
    { kind, variant: kind === "visit" ? "popup" : "inquiry" },
  );
  return { status: result.init?.status ?? 200, data: result.data };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const base = { name: "홍길동", phone: "010-2345-6789", privacyConsent: "on", source: "/" };

describe.each(engines())("lead action ($name)", (engine) => {
  useTestDb(engine);

  it("catches a honeypot sent twice (website=&website=spam): success shown, nothing stored", async () => {
    const { status, data } = await post(`${form(base)}&website=&website=spam`);
    expect(status).toBe(200);
    expect(data).toMatchObject({ ok: true, message: RESULT_MESSAGES.popup.success });
    expect(await listLeads("anyang")).toHaveLength(0);
  });

  it("answers privacyConsent=off with the Korean consent message, input kept", async () => {
    const { status, data } = await post(form({ ...base, privacyConsent: "off" }));
    expect(status).toBe(400);
    expect(data).toMatchObject({
      ok: false,
      result: "invalid",
      errors: { privacyConsent: MESSAGES.consentRequired },
      values: { name: "홍길동", phone: "010-2345-6789" },
    });
    expect(await listLeads("anyang")).toHaveLength(0);
  });

  it("stores the first-touch campaign fields; an oversized or unknown value is dropped, never a failure", async () => {
    setTestEnv({ SITE_URL: "https://bunyang.example" });
    const { status } = await post(
      form({
        ...base,
        source: "/Brand/intro",
        utm_source: "naver",
        utm_medium: "cpc",
        utm_campaign: "x".repeat(5000),
        utm_term: "평촌 아파트",
        utm_content: "<script>alert(1)</script>",
        referrer: "m.search.naver.com",
        utm_unknown: "ignored",
      }),
    );
    expect(status).toBe(200);
    const [lead] = await listLeads("anyang");
    expect(lead).toMatchObject({
      source: "/Brand/intro",
      utmSource: "naver",
      utmMedium: "cpc",
      utmCampaign: null,
      utmTerm: "평촌 아파트",
      utmContent: null,
      referrerHost: "m.search.naver.com",
    });
  });

  it("records the page (and a form's anchor) only when it is one of the site's own paths", async () => {
    await post(form({ ...base, source: "https://evil.example/phish" }));
    await post(form({ ...base, phone: "010-3456-7890", source: "/anyang/press" }));
    await post(form({ ...base, phone: "010-4567-8901", source: "/nope/../../etc" }));
    await post(form({ ...base, phone: "010-5678-9012", source: "/#interestForm" }));
    await post(form({ ...base, phone: "010-6789-0123", source: "/#<script>" }));
    const sources = (await listLeads("anyang")).map((l) => l.source).sort();
    expect(sources).toEqual([
      "/#interestForm",
      "/anyang/press",
      "/register",
      "/register",
      "/register",
    ]);
  });

  it("books no slot from an inquiry form: slot fields there are ignored, not a hidden error", async () => {
    const { status } = await post(
      form({ ...base, source: "/Promotion/Customer", visitDate: "garbage", visitTime: "25:00" }),
      "/Promotion/Customer",
      "inquiry",
    );
    expect(status).toBe(200);
    expect((await listLeads("anyang"))[0]).toMatchObject({ kind: "inquiry", visitAt: null });
  });

  it("echoes a refused form's fields clipped to twice their limit: a 20,000-character name never comes back whole", async () => {
    const { status, data } = await post(
      form({
        ...base,
        name: "가".repeat(20_000),
        phone: "0".repeat(10_000),
        message: "문".repeat(10_000),
        visitDate: "2".repeat(5_000),
        visitTime: "1".repeat(5_000),
      }),
    );
    expect(status).toBe(400);
    expect(data).toMatchObject({
      ok: false,
      result: "invalid",
      errors: { name: MESSAGES.nameTooLong, message: MESSAGES.messageTooLong },
      values: {
        name: "가".repeat(ECHO_MAX.name),
        phone: "0".repeat(ECHO_MAX.phone),
        message: "문".repeat(ECHO_MAX.message),
        visitDate: "2".repeat(10),
        visitTime: "1".repeat(5),
        privacyConsent: true,
      },
    });
    expect(await listLeads("anyang")).toHaveLength(0);
  });

  it("refuses a 10 MB form that came past the body limit, echoing only the clipped fields", async () => {
    const { status, data } = await post(form({ ...base, name: "a".repeat(10_000_000) }));
    expect(status).toBe(413);
    expect(data).toMatchObject({
      ok: false,
      message: RESULT_MESSAGES.popup.failed,
      values: { name: "a".repeat(ECHO_MAX.name), phone: base.phone },
    });
    expect(JSON.stringify(data).length).toBeLessThan(1000);
    expect(await listLeads("anyang")).toHaveLength(0);
  });

  it("never cuts a character in half when clipping an echoed value", async () => {
    // Letters and then emoji (two UTF-16 units each): the last unit kept would be half of one.
    const letters = "a".repeat(ECHO_MAX.name - 1);
    const { data } = await post(form({ ...base, name: letters + "😀".repeat(10) }));
    expect(data).toMatchObject({ ok: false, values: { name: letters } });
  });

  it("gives a name or message a little over its limit back whole, beside the message", async () => {
    const name = "가".repeat(NAME_MAX + 1);
    const message = "문".repeat(MESSAGE_MAX + 1);
    const { status, data } = await post(
      form({ ...base, name, message }),
      "/Promotion/Customer",
      "inquiry",
    );
    expect(status).toBe(400);
    expect(data).toMatchObject({
      errors: { name: MESSAGES.nameTooLong, message: MESSAGES.messageTooLong },
      values: { name, message },
    });
  });
});
