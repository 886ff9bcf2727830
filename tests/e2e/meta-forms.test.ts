import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  hubSignature,
  leadgenNotification,
  sampleGraphLead,
  sampleMetaForm,
  startMetaStandIn,
} from "~/leads/meta-stand-in";
import { wcagViolations } from "./support/a11y";
import { ADMIN_ENV, poll, signInVia } from "./support/admin";
import { hydrated, launchBrowser, openPage, VIEWPORTS } from "./support/browser";
import { tabTo } from "./support/keyboard";
import { withServerDb } from "./support/server-db";
import { startServer, type RunningServer } from "./support/server";

/*
 * Meta lead ads in a browser: Meta's signed leadgen notification names two leads; the built server
 * reads them from a Graph API stand-in (META_GRAPH_URL). The one Graph knows arrives on the desk as
 * a card from Meta; the one it does not know is shown as stuck on 채널 성과 → Meta 리드 양식, which
 * lists the form's questions and takes a changed mapping with the keyboard alone. Axe at 390 and
 * 1440 px.
 */

const APP_SECRET = "anyang-e2e-meta-secret";
const PAGE_TOKEN = "EAAB-anyang-e2e-page-token";
const FORM_ID = "770055667788";
const FORMS_PATH = "/admin/channels/meta-forms";

let server: RunningServer;
let browser: Browser;
let graph: Awaited<ReturnType<typeof startMetaStandIn>>;
beforeAll(async () => {
  graph = await startMetaStandIn({
    token: PAGE_TOKEN,
    leads: [sampleGraphLead("130000000000001", FORM_ID, { full_name: "최메타" })],
    forms: [sampleMetaForm(FORM_ID)],
  });
  [server, browser] = await Promise.all([
    startServer({
      ...ADMIN_ENV,
      META_APP_SECRET__ANYANG: APP_SECRET,
      META_VERIFY_TOKEN__ANYANG: "anyang-e2e-verify-token",
      META_PAGE_TOKEN__ANYANG: PAGE_TOKEN,
      META_GRAPH_URL: graph.graphUrl,
    }),
    launchBrowser(),
  ]);
  // Meta's notification: a lead Graph has, and one it answers "does not exist" for (kept trying).
  const body = leadgenNotification(FORM_ID, "130000000000001", "130000000000099");
  const res = await fetch(`${server.url}/hooks/meta/anyang`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Hub-Signature-256": hubSignature(body, APP_SECRET),
    },
    body,
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await graph?.close();
});

describe("Meta lead ads", () => {
  test("the lead is a card from Meta on the desk; its form's mapping changes with the keyboard; axe at 1440 and 390", async () => {
    const { context, page, errors } = await openPage(browser, "desktop");
    try {
      await signInVia(page, server, "/admin/leads");
      const row = page.getByRole("row").filter({ hasText: "최메타" });
      await poll(async () => {
        await page.reload();
        return row.count();
      }).toBe(1);
      expect(await row.locator('[data-label="최근 접수"]').textContent()).toContain(
        "Meta 리드 광고",
      );
      expect(await row.locator('[data-label="유입 경로"]').textContent()).toBe("meta");

      await page.goto(server.url + FORMS_PATH);
      await hydrated(page);
      const card = page.getByRole("region", { name: "안양 관심고객 양식" });
      expect(await card.locator("label").allTextContents()).toEqual([
        "이름 (full_name)",
        "연락처 (phone_number)",
        "관심 평형 (관심_평형)",
        "개인정보 수집·이용에 동의하십니까? (개인정보_동의)",
        "캠페인으로 적을 이름",
        "유입 경로 (utm_source)",
      ]);
      // The lead Graph does not know: shown as stuck, with the reason.
      const stuck = page.getByRole("region", { name: "아직 읽지 못한 리드 1건" });
      await poll(async () => {
        await page.reload();
        return stuck.count();
      }).toBe(1);
      expect(await stuck.textContent()).toContain(
        "Meta에서 리드를 읽지 못했습니다 (Meta에 그 리드가 없거나 이 토큰으로는 보이지 않습니다).",
      );
      expect(await wcagViolations(page, `${FORMS_PATH} 1440`)).toEqual([]);
      await page.screenshot({ path: "test-results/meta-forms-1440.png", fullPage: true });

      // The keyboard alone: 관심 평형 → 쓰지 않기 (the last choice), Tab to 연결 저장, Enter.
      const size = card.getByLabel("관심 평형");
      await size.focus();
      await page.keyboard.press("End");
      expect(await size.inputValue()).toBe("ignore");
      for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("연결 저장");
      await page.keyboard.press("Enter");
      await poll(() => page.getByText("연결을 저장했습니다.").isVisible()).toBe(true);
      expect(await card.getByLabel("관심 평형").inputValue()).toBe("ignore");

      // On a phone (the same session), the setup hint opened: the callback address, and which settings are in (never their values).
      await page.setViewportSize(VIEWPORTS.phone);
      await page.getByText("Meta 앱 연결 방법").click();
      expect(await page.locator(".meta-hook-url").textContent()).toBe(
        `${server.url}/hooks/meta/anyang`,
      );
      expect(await page.getByText("META_PAGE_TOKEN__ANYANG").locator("..").textContent()).toMatch(
        /설정됨$/,
      );
      expect(await page.content()).not.toContain(PAGE_TOKEN);
      expect(await wcagViolations(page, `${FORMS_PATH} 390`)).toEqual([]);
      await page.screenshot({ path: "test-results/meta-forms-390.png", fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("at 390 px a stopped lead, once Meta has it, is read again by keyboard alone and reaches the desk", async () => {
    // The lead Graph did not know, given up (as after its hours of tries); then Meta has it.
    const stopped = await withServerDb(server, (db) =>
      db.run(
        `UPDATE jobs SET status = 'failed', locked_until = NULL
         WHERE kind = 'meta-lead' AND subject = $1 AND status = 'pending'`,
        ["meta:anyang:130000000000099"],
      ),
    );
    expect(stopped.changes).toBe(1);
    graph.addLead(
      sampleGraphLead("130000000000099", FORM_ID, {
        full_name: "정멈춤",
        phone_number: "+821077778888",
      }),
    );
    const { context, page, errors } = await openPage(browser, "phone");
    try {
      await signInVia(page, server, FORMS_PATH);
      await hydrated(page);
      const trouble = page.getByRole("region", { name: "아직 읽지 못한 리드 1건" });
      expect(await trouble.textContent()).toContain("멈춤 1건");
      await tabTo(page, "멈춘 리드 1건 다시 읽기");
      await page.keyboard.press("Enter");
      await poll(() => page.getByText("멈춘 리드를 다시 읽기 시작했습니다.").isVisible()).toBe(
        true,
      );
      expect(await wcagViolations(page, `${FORMS_PATH} 390, 다시 읽기`)).toEqual([]);

      await page.goto(`${server.url}/admin/leads`);
      const row = page.getByRole("row").filter({ hasText: "정멈춤" });
      await poll(async () => {
        await page.reload();
        return row.count();
      }).toBe(1);
      await page.goto(server.url + FORMS_PATH);
      expect(await page.getByRole("region", { name: /아직 읽지 못한 리드/ }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
