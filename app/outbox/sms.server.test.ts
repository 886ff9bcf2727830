import { afterEach, describe, expect, it } from "vitest";
import { loadSite } from "~/sites/registry.server";
import {
  HttpSmsProvider,
  isQuietHour,
  promotionSendableAt,
  promotionSmsText,
  staffAlertText,
  visitConfirmationText,
} from "./sms.server";
import { HttpWebhookSender } from "./webhook.server";
import { startReceiver } from "./test-receiver";

const content = loadSite("sites/anyang");

const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
afterEach(async () => {
  for (const r of receivers.splice(0)) await r.close();
});
async function receiver(status = 200) {
  const r = await startReceiver(status);
  receivers.push(r);
  return r;
}

describe("visit SMS", () => {
  it("the promotional one is marked as advertising, names the site, the model house, the remaining units, the phone and the free opt-out", () => {
    const text = promotionSmsText(content, "홍길동");
    expect(text.startsWith("(광고)")).toBe(true);
    expect(text).toContain(content.identity.name);
    expect(text).toContain(content.identity.modelHouseAddress);
    expect(text).toContain(content.project.remainingUnitsNotice);
    expect(text).toContain(content.identity.phone);
    expect(text).toContain("홍길동님");
    expect(text.endsWith(`무료수신거부 ${content.privacy.optOutNumber}`)).toBe(true);
  });

  it("the confirmation carries no advertising: the booked time, the address and the booking link", () => {
    const text = visitConfirmationText(content, "홍길동", {
      slotKey: "2026-11-23T14:00",
      link: "https://bunyang.example/b/abc",
    });
    expect(text).not.toContain("(광고)");
    expect(text).not.toContain(content.project.remainingUnitsNotice);
    expect(text.split("\n")).toEqual([
      `[${content.identity.name}]`,
      "홍길동님, 견본주택 방문예약이 확정되었습니다.",
      "방문일시: 11월 23일(월) 14:00",
      `장소: ${content.identity.modelHouseAddress}`,
      "예약 확인·취소: https://bunyang.example/b/abc",
      `문의: ${content.identity.phone}`,
    ]);
    // Without a slot: the registration and the opening hours.
    const plain = visitConfirmationText(content, "홍길동");
    expect(plain).toContain("방문 등록이 접수되었습니다");
    expect(plain).toContain(content.modelHouse.hoursText);
    expect(plain).not.toContain("http");
  });

  it("a staff alert names the kind, the visitor, the slot and where the lead came from", () => {
    expect(
      staffAlertText(content, {
        event: "new",
        kind: "visit",
        name: "홍길동",
        phone: "010-1234-5678",
        slotKey: "2026-11-23T14:00",
        source: "naver · open_day (/Brand/intro)",
      }).split("\n"),
    ).toEqual([
      `[${content.identity.name}] 새 방문예약`,
      "홍길동 010-1234-5678",
      "방문: 11월 23일(월) 14:00",
      "유입: naver · open_day (/Brand/intro)",
    ]);
  });
});

describe("night hours for promotional SMS (21:00–08:00 Korean time)", () => {
  const kst = (iso: string) => new Date(`${iso}+09:00`);
  it.each([
    ["2026-04-01T20:59:59", false, "2026-04-01T20:59:59"],
    ["2026-04-01T21:00:00", true, "2026-04-02T08:00:00"],
    ["2026-04-01T23:30:00", true, "2026-04-02T08:00:00"],
    ["2026-04-02T00:10:00", true, "2026-04-02T08:00:00"],
    ["2026-04-02T07:59:59", true, "2026-04-02T08:00:00"],
    ["2026-04-02T08:00:00", false, "2026-04-02T08:00:00"],
  ])("at %s quiet=%s, sendable at %s", (at, quiet, sendable) => {
    expect(isQuietHour(kst(at))).toBe(quiet);
    expect(promotionSendableAt(kst(at)).toISOString()).toBe(kst(sendable).toISOString());
  });
});

describe("HttpSmsProvider", () => {
  it("posts to, from and text as JSON with the bearer key", async () => {
    const gateway = await receiver(200);
    const sms = new HttpSmsProvider({
      url: gateway.url("/v1/send"),
      key: "k-123",
      from: "16000000",
    });
    await sms.send("010-1234-5678", promotionSmsText(content, "홍길동"));

    expect(gateway.requests).toHaveLength(1);
    const [req] = gateway.requests;
    expect(req!.method).toBe("POST");
    expect(req!.path).toBe("/v1/send");
    expect(req!.headers.authorization).toBe("Bearer k-123");
    expect(req!.headers["content-type"]).toMatch(/^application\/json/);
    const body = JSON.parse(req!.body) as { to: string; from: string; text: string };
    expect(body).toMatchObject({ to: "010-1234-5678", from: "16000000" });
    expect(body.text.startsWith("(광고)")).toBe(true);
    expect(body.text.endsWith(`무료수신거부 ${content.privacy.optOutNumber}`)).toBe(true);
  });

  it("fails when the gateway answers anything but 2xx", async () => {
    const gateway = await receiver(401);
    const sms = new HttpSmsProvider({ url: gateway.url(), key: "wrong", from: "16000000" });
    await expect(sms.send("010-1234-5678", "text")).rejects.toThrow("SMS 게이트웨이 응답 401");
  });

  it("fails instead of waiting forever when the gateway does not answer", async () => {
    const gateway = await receiver(200);
    gateway.hang();
    const sms = new HttpSmsProvider({ url: gateway.url(), from: "16000000", timeoutMs: 200 });
    await expect(sms.send("010-1234-5678", "text")).rejects.toMatchObject({ name: "TimeoutError" });
  });
});

describe("HttpWebhookSender", () => {
  it("fails on a non-2xx answer", async () => {
    const hook = await receiver(500);
    const sender = new HttpWebhookSender({ url: hook.url() });
    await expect(
      sender.send({
        id: "x",
        site_id: "anyang",
        kind: "inquiry",
        name: "a",
        phone: "010-1234-5678",
        message: "",
        privacy_consent: true,
        privacy_consent_at: "2026-01-01T00:00:00.000Z",
        privacy_consent_version: "v",
        sms_consent: false,
        sms_consent_at: null,
        source: "/",
        created_at: "2026-01-01T00:00:00.000Z",
        visit_at: null,
        visit_date: null,
        visit_time: null,
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        utm_term: null,
        utm_content: null,
        referrer_host: null,
        shown_phone: null,
      }),
    ).rejects.toThrow("웹훅 응답 500");
    expect(hook.requests).toHaveLength(1);
  });
});
