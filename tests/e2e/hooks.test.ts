import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { hookLead, hookSignature, signature } from "~/leads/hook-test-support";
import { ADMIN_ENV, signInVia } from "./support/admin";
import { launchBrowser, openPage } from "./support/browser";
import { exportedLeads, FORM_HEADERS, leadForm, pieceRequest } from "./support/http";
import { startServer, type RunningServer } from "./support/server";

/*
 * Outside leads (POST /hooks/leads/<complex id>) against the built server, as Zapier or an ad
 * platform sends them: JSON signed with the complex's LEAD_HOOK_SECRET__<ID> ("anyang." + body), no
 * Origin, no cookie.
 */

const SECRET = "anyang-e2e-hook-secret-0123456789";
const PHONE = "010-7345-2109";
const lead = hookLead({
  id: "zap-7001",
  name: "박외부",
  phone: "01073452109",
  smsConsent: true,
  source: "Meta",
  campaign: "spring_open",
  message: "59A 타입 잔여 세대 문의",
});

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ...ADMIN_ENV, LEAD_HOOK_SECRET__ANYANG: SECRET }),
    launchBrowser(),
  ]);
  // The same person asked through the customer page's form before the ad platform sent the lead.
  const form = await fetch(`${server.url}/Promotion/Customer`, {
    method: "POST",
    headers: { Origin: server.url, ...FORM_HEADERS },
    body: leadForm({
      kind: "inquiry",
      source: "/Promotion/Customer",
      name: "박외부",
      phone: PHONE,
    }),
  });
  expect(form.status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const sign = (body: string, secret = SECRET) => hookSignature("anyang", body, secret);

/** The sender's POST; `signature` null sends none. */
async function send(body: string, signature: string | null = sign(body)) {
  const res = await fetch(`${server.url}/hooks/leads/anyang`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(signature === null ? {} : { "X-Signature": signature }),
    },
    body,
  });
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("outside leads by signed webhook", () => {
  test("a signed lead sent three times is answered 201, 200, 200 and stored once", async () => {
    const body = JSON.stringify(lead);
    const first = await send(body);
    expect(first).toEqual({
      status: 201,
      body: { ok: true, id: expect.any(String), customerId: expect.any(String), duplicate: false },
    });
    for (let i = 0; i < 2; i++)
      expect(await send(body)).toEqual({ status: 200, body: { ...first.body, duplicate: true } });
    // The operator's export: the form's lead and one 외부 접수, the sender's source lower-cased.
    const lines = await exportedLeads(server, PHONE);
    expect(lines).toHaveLength(2);
    const hooked = lines.filter((line) => line.includes(",외부 접수,박외부,010-7345-2109,"));
    expect(hooked).toHaveLength(1);
    expect(hooked[0]).toContain(",/hooks/leads,");
    expect(hooked[0]).toContain(",meta,,spring_open,");
  });

  test("a wrong or missing signature gets 401 in JSON and stores nothing", async () => {
    const other = JSON.stringify({ ...lead, id: "zap-7002", phone: "010-7345-2110" });
    const wrong = await send(other, sign(other, "not-the-complexs-secret-000"));
    expect(wrong).toMatchObject({ status: 401, body: { ok: false, error: "signature_invalid" } });
    expect(wrong.body.message).toMatch(/서명이 맞지 않습니다/);
    const missing = await send(other, null);
    expect(missing).toMatchObject({ status: 401, body: { ok: false, error: "signature_missing" } });
    // Nothing was stored: signed, the same lead is new.
    expect(await send(other)).toMatchObject({ status: 201, body: { duplicate: false } });
  });

  test("the bytes signed for anyang are refused by suwon, and an unknown id reads as a bad signature", async () => {
    const body = JSON.stringify({ ...lead, id: "zap-7004", phone: "010-7345-2112" });
    const post = (site: string, signed = sign(body)) =>
      fetch(`${server.url}/hooks/leads/${site}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Signature": signed },
        body,
      }).then(async (r) => ({ status: r.status, body: await r.text() }));
    const badSignature = await post("anyang", sign(body, "not-the-complexs-secret-000"));
    expect(badSignature.status).toBe(401);
    expect(await post("suwon")).toEqual(badSignature);
    expect(await post("nowhere")).toEqual(badSignature);
    // A sender of issue 30's form (the body alone) keeps working: anyang's key is its own.
    expect((await post("anyang", signature(body, SECRET))).status).toBe(201);
  });

  test("a 100 KB body gets 413 with its JSON message, not a reset, even on a closing connection", async () => {
    const big = JSON.stringify({ ...lead, id: "zap-big", message: "가".repeat(34_000) });
    expect(Buffer.byteLength(big)).toBeGreaterThan(100_000);
    const answer = await send(big);
    expect(answer).toMatchObject({ status: 413, body: { ok: false, error: "too_large" } });
    expect(answer.body.message).toMatch(/보내신 내용이 너무 큽니다/);
    // Written in pieces on a connection that asks to be closed after the answer (issue 28's resets).
    const closing = await pieceRequest(server, {
      method: "POST",
      path: "/hooks/leads/anyang",
      body: big,
      headers: { "Content-Type": "application/json", "X-Signature": sign(big) },
    });
    expect(closing.error).toBeUndefined();
    expect(closing.status).toBe(413);
    expect(JSON.parse(closing.body)).toMatchObject({ ok: false, error: "too_large" });
  });

  test("a sender that says where it posts from (Origin) is not refused as a foreign form", async () => {
    const body = JSON.stringify({ ...lead, id: "zap-7003", phone: "010-7345-2111" });
    const res = await fetch(`${server.url}/hooks/leads/anyang`, {
      method: "POST",
      headers: {
        Origin: "https://hooks.zapier.com",
        "Content-Type": "application/json",
        "X-Signature": sign(body),
      },
      body,
    });
    expect(res.status).toBe(201);
  });

  test("the desk shows the person once, with the form and the outside lead as two touches", async () => {
    const { context, page } = await openPage(browser, "desktop");
    try {
      await signInVia(page, server, `/admin/leads?q=${PHONE.replace(/-/g, "")}`);
      const rows = page.getByRole("row").filter({ hasText: "박외부" });
      expect(await rows.count()).toBe(1);
      expect(await rows.locator('[data-label="접수·통화"]').textContent()).toBe("접수 2 · 통화 0");
      expect(await rows.locator('[data-label="최근 접수"]').textContent()).toContain("외부 접수");
    } finally {
      await context.close();
    }
  });
});
