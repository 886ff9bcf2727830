import { afterEach, describe, expect, it } from "vitest";
import { content } from "~/content";
import { HttpSmsProvider, visitSmsText } from "./sms.server";
import { HttpWebhookSender } from "./webhook.server";
import { startReceiver } from "./test-receiver";

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
  it("is marked as advertising, names the site, the model house, the remaining units, the phone and the free opt-out", () => {
    const text = visitSmsText("홍길동");
    expect(text.startsWith("(광고)")).toBe(true);
    expect(text).toContain(content.project.siteName);
    expect(text).toContain(content.project.modelHouseAddress);
    expect(text).toContain(content.project.remainingUnitsNotice);
    expect(text).toContain(content.contact.phone);
    expect(text).toContain("홍길동님");
    expect(text.endsWith(`무료수신거부 ${content.privacy.optOutNumber}`)).toBe(true);
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
    await sms.send("010-1234-5678", visitSmsText("홍길동"));

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
      }),
    ).rejects.toThrow("웹훅 응답 500");
    expect(hook.requests).toHaveLength(1);
  });
});
