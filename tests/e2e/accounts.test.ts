import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ACCOUNT_MESSAGES } from "~/lib/accounts";
import { wcagViolations } from "./support/a11y";
import { ADMIN_ENV, poll, signInWithKeyboard } from "./support/admin";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import { startServer, type RunningServer } from "./support/server";
import { content, siteId } from "./support/sites";

/*
 * 계정 관리 as an agency uses it: the agency administrator invites a consultant with the keyboard
 * alone, passes the one-time link on, and the consultant sets a password, lands on the lead desk and
 * finds nothing else (운영 정보 is a 404). The page has no WCAG violation at phone and desktop width.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(ADMIN_ENV), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const CONSULTANT = { email: "call-center@example.com", password: "consultant-password-1" };

/** The element that has the keyboard focus: its tag, type, name and value. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return el ? { tag: el.tagName, type: el.type, name: el.name, value: el.value } : null;
  });

/** Presses Tab until the focus is on the element `matches` picks (at most 30 presses). */
async function tabTo(page: Page, matches: (f: Awaited<ReturnType<typeof focused>>) => boolean) {
  for (let i = 0; i < 30; i++) {
    if (matches(await focused(page))) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(
    `keyboard focus never reached it; it is on ${JSON.stringify(await focused(page))}`,
  );
}

test("an agency administrator invites a consultant by keyboard; the consultant sets a password, lands on the lead desk and gets 404 at 운영 정보; the link works once", async () => {
  const agency = await openPage(browser, "desktop");
  const consultant = await openPage(browser, "phone");
  try {
    const { page } = agency;
    // Sign-in and the menu, keyboard only.
    await signInWithKeyboard(page, server);
    await page
      .getByRole("navigation", { name: "관리자 메뉴" })
      .getByRole("link", { name: "계정 관리" })
      .focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(`${server.url}/admin/accounts`);
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("계정 관리");

    // The invitation form: e-mail typed, 상담원 chosen with the arrow keys, the complex ticked
    // with Space, sent with Enter.
    await page.getByLabel("이메일").focus();
    await page.keyboard.type(CONSULTANT.email);
    await page.keyboard.press("Tab");
    expect(await focused(page)).toMatchObject({ type: "radio", value: "agency" });
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    expect(await focused(page)).toMatchObject({ type: "radio", value: "consultant" });
    expect(await page.getByRole("radio", { name: /상담원/ }).isChecked()).toBe(true);
    await tabTo(page, (f) => f?.name === "sites" && f.value === siteId);
    await page.keyboard.press("Space");
    await tabTo(page, (f) => f?.tag === "BUTTON");
    await page.keyboard.press("Enter");

    // The link, shown once, has the focus (selected, to copy).
    const link = page.locator("#invited-link");
    await poll(() => link.evaluate((el) => el === document.activeElement)).toBe(true);
    const url = await link.inputValue();
    expect(url).toMatch(new RegExp(`^${server.url}/admin/invite/[A-Za-z0-9_-]{43}$`));
    expect(await page.getByRole("status").first().textContent()).toContain(
      ACCOUNT_MESSAGES.invited,
    );
    const waiting = page.getByRole("table").last().locator("tbody tr");
    await poll(() => waiting.first().textContent()).toContain(CONSULTANT.email);
    expect(await waiting.first().textContent()).toContain("상담원");
    expect(await waiting.first().textContent()).toContain(content.identity.name);

    // No WCAG violation on the page with the link and the waiting invitation, at both widths.
    await page.emulateMedia({ reducedMotion: "reduce" });
    const found = await wcagViolations(page, "desktop /admin/accounts");
    await page.setViewportSize({ width: 390, height: 844 });
    found.push(...(await wcagViolations(page, "phone /admin/accounts")));
    expect(found).toEqual([]);

    // The consultant, on their own phone: the link, a password twice, Enter.
    const phone = consultant.page;
    await phone.goto(url);
    await hydrated(phone);
    expect(await phone.getByText(CONSULTANT.email).first().isVisible()).toBe(true);
    await phone.getByLabel("새 비밀번호", { exact: true }).focus();
    await phone.keyboard.type(CONSULTANT.password);
    await phone.keyboard.press("Tab");
    await phone.keyboard.type(CONSULTANT.password);
    await phone.keyboard.press("Enter");
    await phone.waitForURL(`${server.url}/admin/leads`);
    await poll(() => phone.getByRole("heading", { level: 1 }).textContent()).toBe("상담 접수 관리");
    const menu = phone.getByRole("navigation", { name: "관리자 메뉴" }).getByRole("link");
    expect(await menu.allTextContents()).toEqual(["관리자 홈", "상담 접수 관리"]);

    const operations = await phone.goto(`${server.url}/admin/operations`);
    expect(operations?.status()).toBe(404);
    expect(await phone.getByRole("heading", { level: 1 }).textContent()).toContain(
      "페이지를 찾을 수 없습니다",
    );

    // The link again: used, said in Korean.
    const again = await phone.goto(url);
    expect(again?.status()).toBe(410);
    expect(await phone.getByRole("alert").textContent()).toBe(ACCOUNT_MESSAGES.inviteUsed);

    // The agency's list now shows the consultant's account, signed in; the link is shown no more.
    await page.goto(`${server.url}/admin/accounts`);
    expect(await page.locator("#invited-link").count()).toBe(0);
    const row = page.getByRole("row").filter({ hasText: CONSULTANT.email });
    expect(await row.textContent()).toContain("상담원");
    expect(await row.textContent()).toContain("사용 중");
    expect(await row.textContent()).not.toContain("기록 없음");
  } finally {
    await agency.context.close();
    await consultant.context.close();
  }
}, 90_000);
