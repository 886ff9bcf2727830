import { writeFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import readXlsxFile from "read-excel-file/node";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { RESULT_MESSAGES } from "~/leads/lead-form";
import { addDays, kstDate, weekdayOf } from "~/lib/korean-time";
import { wcagViolations } from "./support/a11y";
import { ADMIN_ENV, PERSON_UA, poll, signInVia } from "./support/admin";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import { fields, humanPause, popup } from "./support/leads";
import { startServer, type RunningServer } from "./support/server";
import { withServerDb } from "./support/server-db";

/*
 * The client's read-only link to the weekly report (issue 41, item 6; decision 053): two visitors
 * of a naver campaign register; the agency makes a link on 주간 보고서; the client opens it and sees
 * this week's report, its XLSX and its print view, with no name or phone number of those visitors,
 * and nothing else of the site's administration; every opening is in the access log; once the
 * agency revokes the link, it is a 404.
 */

const PID = String(process.pid % 1000).padStart(3, "0");
const PEOPLE = [
  { name: "보고서하나", phone: `010-8${PID}-6001` },
  { name: "보고서둘", phone: `010-8${PID}-6002` },
];
/** A person's details as any page or file could write them (with or without hyphens). */
const PERSONAL = PEOPLE.flatMap((p) => [p.name, p.phone, p.phone.replace(/-/g, "")]);
const SHOTS = process.env.REPORT_SHOTS;

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ...ADMIN_ENV, LEADS_RATE_LIMIT: "1000", LEADS_DUPLICATE_WINDOW_SECONDS: "0" }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const thisMonday = () => addDays(kstDate(), -((weekdayOf(kstDate()) + 6) % 7));

/** Two visitors of the naver campaign 브랜드 register from the popup. */
async function register() {
  for (const person of PEOPLE) {
    const { context, page, errors } = await openPage(browser, "phone", { userAgent: PERSON_UA });
    await page.goto(`${server.url}/Brand/intro?utm_source=naver&utm_campaign=브랜드`);
    await hydrated(page);
    await page.locator(".bottom-bar-reserve").click();
    const f = fields(popup(page));
    await f.name.fill(person.name);
    await f.phone.fill(person.phone);
    await f.consent.check();
    await humanPause(page);
    await f.submit.click();
    await poll(() => f.status.textContent()).toContain(RESULT_MESSAGES.popup.success);
    expect(errors).toEqual([]);
    await context.close();
  }
}

const noPersonal = (text: string) => PERSONAL.filter((p) => text.includes(p));

/** What a page shows a keyboard: the accessible names Tab reaches, in order. */
async function tabWalk(page: Page, steps: number): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < steps; i++) {
    await page.keyboard.press("Tab");
    seen.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el) return "";
        const label = el.getAttribute("aria-labelledby");
        const named = label ? document.getElementById(label.split(" ")[0]!)?.textContent : null;
        return `${el.tagName.toLowerCase()}:${(named ?? el.textContent ?? "").trim().slice(0, 30)}`;
      }),
    );
  }
  return seen;
}

describe("the client's report link", () => {
  test("shows the client the report, its XLSX and print view without any lead's name or phone, nothing else, logged; revoked, a 404", async () => {
    await register();

    // The agency makes a link on 주간 보고서 (from 채널 성과).
    const agency = await openPage(browser, "desktop");
    const { page } = agency;
    await signInVia(page, server, "/admin/channels");
    await page.getByRole("link", { name: "주간 보고서" }).click();
    await page.waitForURL(`${server.url}/admin/reports/weekly`);
    await hydrated(page);
    expect(await wcagViolations(page, "1440 console report")).toEqual([]);
    await page.getByLabel("고객사 이름").fill("한빛건설");
    await page.getByRole("button", { name: "열람 링크 만들기" }).click();
    const linkField = page.getByLabel(/^열람 링크/);
    await poll(() => linkField.isVisible()).toBe(true);
    const link = await linkField.inputValue();
    expect(link).toMatch(/\/r\/[A-Za-z0-9_-]{43}$/);
    const path = new URL(link).pathname;
    const row = page.getByRole("row").filter({ hasText: "한빛건설" });
    expect(await row.locator("td").nth(1).textContent()).toBe("열림");
    // A lead card of the visitors, for the client to try.
    await page.goto(`${server.url}/admin/leads?view=all`);
    const cardHref = await page
      .getByRole("link", { name: PEOPLE[0]!.name, exact: true })
      .getAttribute("href");
    expect(cardHref).toMatch(/^\/admin\/leads\/[0-9a-f-]{36}/);

    // The client, in a browser of its own.
    const client = await openPage(browser, "desktop");
    const c = client.page;
    const answer = await c.goto(server.url + path);
    expect(answer!.status()).toBe(200);
    expect(answer!.headers()).toMatchObject({
      "cache-control": "no-store",
      "x-robots-tag": "noindex, nofollow",
    });
    // The server's default comes first; a browser follows the last policy it knows (ours).
    expect(answer!.headers()["referrer-policy"]!.split(/[,\n]/).at(-1)!.trim()).toBe("no-referrer");
    expect(await c.locator('meta[name="referrer"]').getAttribute("content")).toBe("no-referrer");
    expect(answer!.headers()["set-cookie"]).toBeUndefined();
    await hydrated(c);
    expect(await c.getByRole("heading", { level: 1 }).textContent()).toBe("주간 보고서");
    // This week (under way), chosen as a client would.
    await c.getByLabel("주", { exact: true }).selectOption(thisMonday());
    await c.getByRole("button", { name: "보기" }).click();
    await c.waitForURL(`${server.url}${path}?week=${thisMonday()}`);
    const summary = c.getByRole("region", { name: "요약" });
    const leadsRow = summary
      .getByRole("row")
      .filter({ has: c.getByRole("rowheader", { name: "접수 (DB)" }) });
    await poll(() => leadsRow.locator("td").first().textContent()).toBe("2");
    const naver = c
      .getByRole("region", { name: "캠페인별 성과와 비용" })
      .getByRole("rowheader", { name: "naver · 브랜드" });
    expect(await naver.isVisible()).toBe(true);

    // Nothing but the report: no link anywhere but its XLSX, no console frame, no cookie.
    const hrefs = await c
      .locator("a[href]")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(hrefs).toContain(`${path}/weekly.xlsx?week=${thisMonday()}`);
    expect(hrefs.every((h) => h === "#main" || h!.startsWith(`${path}/weekly.xlsx`))).toBe(true);
    expect(await c.locator(".console-header, nav").count()).toBe(0);
    expect(await client.context.cookies()).toEqual([]);
    const html = await (await c.request.get(`${server.url}${path}?week=${thisMonday()}`)).text();
    expect(noPersonal(html)).toEqual([]);
    expect(noPersonal(await c.content())).toEqual([]);

    // Its XLSX: the same figures, nothing personal in any cell.
    const xlsx = await c.request.get(`${server.url}${path}/weekly.xlsx?week=${thisMonday()}`);
    expect(xlsx.status()).toBe(200);
    expect(xlsx.headers()["content-type"]).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    const sheets = await readXlsxFile(await xlsx.body());
    expect(sheets.map((s) => s.sheet)).toEqual(["요약", "경로별", "캠페인별"]);
    const cells = JSON.stringify(sheets);
    expect(noPersonal(cells)).toEqual([]);
    expect(sheets[0]!.data.find((r) => r[0] === "접수 (DB)")?.[1]).toBe(2);

    // Its print view: the report without its controls, on A4.
    await c.emulateMedia({ media: "print" });
    expect(await c.locator(".report-actions").isVisible()).toBe(false);
    expect(noPersonal(await c.locator("body").innerText())).toEqual([]);
    const pdf = await c.pdf({ format: "A4", landscape: true, printBackground: true });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    if (SHOTS) writeFileSync(`${SHOTS}/client-report-a4.pdf`, pdf);
    await c.emulateMedia({ media: "screen" });

    // Every other page treats the link's holder as anyone: the sign-in page or a 404, never data.
    for (const other of [
      "/admin",
      "/admin/leads",
      "/admin/channels",
      cardHref!,
      "/admin/reports/weekly",
      "/admin/leads.csv",
    ]) {
      const res = await c.goto(server.url + other);
      const at = new URL(c.url()).pathname;
      expect(
        at === "/admin/login" || res!.status() === 404,
        `${other} → ${at} ${res!.status()}`,
      ).toBe(true);
      expect(noPersonal(await c.content()), other).toEqual([]);
    }

    // Every opening is in the access log, with the link's id.
    const logged = await withServerDb(server, (db) =>
      db.all<{ action: string; admin_email: string; filter: string; admin_id: string | null }>(
        `SELECT action, admin_email, filter, admin_id FROM admin_access_log
         WHERE admin_email = '고객사 링크 (한빛건설)' ORDER BY at`,
      ),
    );
    const linkId = await withServerDb(server, (db) =>
      db.get<{ id: string }>("SELECT id FROM report_links WHERE label = '한빛건설'"),
    );
    expect(logged.map((l) => [l.action, l.filter, l.admin_id])).toEqual([
      ["view", `link=${linkId!.id} week=${addDays(thisMonday(), -7)}`, null],
      ["view", `link=${linkId!.id} week=${thisMonday()}`, null],
      ["view", `link=${linkId!.id} week=${thisMonday()}`, null],
      ["download", `link=${linkId!.id} week=${thisMonday()}`, null],
    ]);

    // The agency revokes it: the client's next opening, page or XLSX, is a 404.
    await page.goto(`${server.url}/admin/reports/weekly`);
    await hydrated(page);
    await page.getByRole("button", { name: "취소 (한빛건설 링크)" }).click();
    await poll(() =>
      page.getByRole("status").filter({ hasText: "링크를 취소했습니다" }).count(),
    ).toBe(1);
    await poll(() =>
      page.getByRole("row").filter({ hasText: "한빛건설" }).locator("td").nth(1).textContent(),
    ).toBe("취소됨");
    expect((await c.goto(server.url + path))!.status()).toBe(404);
    expect((await c.request.get(`${server.url}${path}/weekly.xlsx`)).status()).toBe(404);
    expect(client.errors).toEqual([]);
    expect(agency.errors).toEqual([]);
    await client.context.close();
    await agency.context.close();
  });

  test("the client's page passes axe at 390 and 1440 px and works with the keyboard alone", async () => {
    const agency = await openPage(browser, "desktop");
    await signInVia(agency.page, server, "/admin/reports/weekly");
    await agency.page.getByLabel("고객사 이름").fill("접근성 확인");
    await agency.page.getByRole("button", { name: "열람 링크 만들기" }).click();
    const linkField = agency.page.getByLabel(/^열람 링크/);
    await poll(() => linkField.isVisible()).toBe(true);
    const path = new URL(await linkField.inputValue()).pathname;
    await agency.page.setViewportSize({ width: 390, height: 844 });
    expect(await wcagViolations(agency.page, "390 console report")).toEqual([]);
    const wide = await agency.page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter(
          (el) => el.checkVisibility() && el.getBoundingClientRect().right > window.innerWidth + 1,
        )
        .filter((el) => !el.closest(".channel-table-wrap, .admin-nav"))
        .map((el) => `${el.tagName}.${el.className}`)
        .slice(0, 10),
    );
    expect(wide).toEqual([]);
    if (SHOTS)
      await agency.page.screenshot({ path: `${SHOTS}/console-report-390.png`, fullPage: true });
    await agency.page.setViewportSize({ width: 1440, height: 900 });
    if (SHOTS)
      await agency.page.screenshot({ path: `${SHOTS}/console-report-1440.png`, fullPage: true });

    for (const viewport of ["phone", "desktop"] as const) {
      const { context, page, errors } = await openPage(browser, viewport);
      await page.goto(`${server.url}${path}?week=${thisMonday()}`);
      await hydrated(page);
      expect(await wcagViolations(page, `${viewport} client report`)).toEqual([]);
      // Nothing wider than the screen but the tables' own scrolling regions.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
      if (SHOTS) {
        await page.screenshot({ path: `${SHOTS}/client-report-${viewport}.png`, fullPage: true });
        await page.emulateMedia({ media: "print" });
        await page.screenshot({
          path: `${SHOTS}/client-report-${viewport}-print.png`,
          fullPage: true,
        });
        await page.emulateMedia({ media: "screen" });
      }
      // The keyboard: the skip link, the week, 보기, 인쇄, XLSX, then the tables' regions.
      const walk = await tabWalk(page, 8);
      expect(walk.slice(0, 6)).toEqual([
        "a:본문 바로가기",
        expect.stringMatching(/^select:/),
        "button:보기",
        "button:인쇄",
        "a:XLSX 내려받기",
        "div:요약",
      ]);
      expect(
        await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle),
      ).not.toBe("none");
      expect(errors).toEqual([]);
      await context.close();
    }
    await agency.context.close();
  });
});
