import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { telHref } from "~/lib/phone";
import type { Milestone } from "~/content/schema";
import { ADMIN_ENV, signInVia, signInWithKeyboard } from "./support/admin";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import { readableHtml } from "./support/http";
import { clockEnv, setClock } from "./support/clock";
import { startInstances, type RunningServer } from "./support/server";
import { content, pressPath } from "./support/sites";

/*
 * 운영 정보 as the sales office uses it: an administrator changes a value with the keyboard, and
 * every public page shows it within 5 seconds, without a rebuild. Its own servers (the shared one
 * serves the content's values to the other files): with PostgreSQL (CI), two instances on one
 * database, the change made on the first and read on both; with SQLite, one. Their clock is moved
 * by the notice's test (tests/e2e/support/clock.ts), not waited for.
 */

const FOLLOW_MS = 5_000;
const KST_MS = 9 * 3_600_000;

let servers: RunningServer[] = [];
let instances: Awaited<ReturnType<typeof startInstances>> | undefined;
let browser: Browser;
let clockFile: string;

beforeAll(async () => {
  clockFile = join(mkdtempSync(join(tmpdir(), "live-clock-")), "offset");
  instances = await startInstances("live_e2e", { ...ADMIN_ENV, ...clockEnv(clockFile) });
  servers = instances.servers;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await instances?.stop();
});

const html = async (server: RunningServer, path: string) =>
  readableHtml(await (await fetch(server.url + path)).text());

/** The JSON-LD blocks of a page, parsed. */
/** Signs in with the keyboard alone and opens 운영 정보 from the administrators' menu. */
async function openOperations(page: Page, server: RunningServer) {
  await signInWithKeyboard(page, server);
  await page
    .getByRole("navigation", { name: "관리자 메뉴" })
    .getByRole("link", { name: "운영 정보" })
    .focus();
  await page.keyboard.press("Enter");
  await page.waitForURL(`${server.url}/admin/operations`);
  await hydrated(page);
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("운영 정보");
}

/** Replaces a field's value from the keyboard and submits its form with Enter. */
async function typeAndSubmit(page: Page, label: string | RegExp, value: string, scope?: string) {
  const area = scope ? page.locator(`#${scope}`) : page;
  const field = area.getByLabel(label, { exact: typeof label === "string" });
  await field.focus();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(value);
  await page.keyboard.press("Enter");
}

describe("운영 정보: the phone number", () => {
  test("a bad number gets the Korean message beside the field and changes nothing; a good one is on every page of every instance within 5 s; a revert brings the old one back", async () => {
    const [first] = servers as [RunningServer];
    const oldPhone = content.identity.phone;
    const newPhone = "1600-9876";
    const { page, context } = await openPage(browser, "desktop");
    try {
      await openOperations(page, first);

      await typeAndSubmit(page, /^대표 전화번호/, "전화번호아님", "contact");
      const error = page.locator('[id="f-contact.phone-error"]');
      await expect.poll(() => error.textContent()).toBe("전화번호 형식이 아닙니다");
      expect(await page.getByLabel("대표 전화번호").getAttribute("aria-invalid")).toBe("true");
      // What was typed stays in the field to be corrected.
      expect(await page.getByLabel("대표 전화번호").inputValue()).toBe("전화번호아님");
      await page.waitForTimeout(1_500);
      for (const server of servers) expect(await html(server, "/")).toContain(oldPhone);
      expect(await page.getByText("아직 바꾼 값이 없습니다.").isVisible()).toBe(true);

      await typeAndSubmit(page, /^대표 전화번호/, newPhone, "contact");
      const saved = Date.now();
      await expect
        .poll(() => page.getByRole("status").first().textContent(), { timeout: 10_000 })
        .toContain("연락처를 저장했습니다");

      const floorPlan = content.unitTypes[0]!.path;
      for (const server of servers) {
        await expect
          .poll(
            async () => {
              const home = await html(server, "/");
              const plan = await html(server, floorPlan);
              return [home, plan].every(
                (p) =>
                  p.includes(newPhone) &&
                  p.includes(`href="${telHref(newPhone)}"`) &&
                  !p.includes(oldPhone) &&
                  !p.includes(telHref(oldPhone)),
              );
            },
            { timeout: FOLLOW_MS - (Date.now() - saved), interval: 200 },
          )
          .toBe(true);
      }
      // The footer and the phone's bottom bar, as a visitor's browser shows them (the pages' HTML,
      // structured data included, no longer holds the old number: checked above).
      for (const server of servers) {
        const phone = await openPage(browser, "phone");
        try {
          await phone.page.goto(`${server.url}${floorPlan}`);
          const call = phone.page.locator(".bottom-bar a[href^='tel:']");
          expect(await call.getAttribute("href")).toBe(telHref(newPhone));
          expect(await call.isVisible()).toBe(true);
          expect(await phone.page.locator(".site-footer").textContent()).toContain(newPhone);
          const tels = await phone.page
            .locator("a[href^='tel:']")
            .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
          expect(tels.length).toBeGreaterThan(0);
          expect(new Set(tels)).toEqual(new Set([telHref(newPhone)]));
        } finally {
          await phone.context.close();
        }
      }

      // The history names the change, from the content's number to the new one; 되돌리기
      // (keyboard) brings the content's number back.
      await page.reload();
      const row = page.locator("#history tbody tr").first();
      const cells = () => row.locator("td").allTextContents();
      expect((await cells()).slice(2, 5)).toEqual([
        "대표 전화번호",
        `${oldPhone} (콘텐츠 기본값)`,
        newPhone,
      ]);
      await row.getByRole("button", { name: /되돌리기/ }).focus();
      await page.keyboard.press("Enter");
      await expect
        .poll(() => page.getByRole("status").first().textContent(), { timeout: 10_000 })
        .toContain("변경을 되돌렸습니다");
      expect((await cells()).slice(2, 5)).toEqual([
        "대표 전화번호되돌림",
        newPhone,
        `${oldPhone} (콘텐츠 기본값)`,
      ]);
      for (const server of servers) {
        await expect
          .poll(async () => (await html(server, "/")).includes(oldPhone), {
            timeout: FOLLOW_MS,
            interval: 200,
          })
          .toBe(true);
      }
    } finally {
      await context.close();
    }
  }, 90_000);
});

describe("운영 정보: remaining units, schedule and notice", () => {
  test("remaining units: 0 shows 마감 on the home page's board and the sales page's, with when they were counted", async () => {
    const [first] = servers as [RunningServer];
    const [a, b] = content.unitTypes as [
      (typeof content.unitTypes)[0],
      (typeof content.unitTypes)[0],
    ];
    const { page, context } = await openPage(browser, "desktop");
    try {
      await openOperations(page, first);
      await page.getByLabel(`${a.label} 잔여 세대`).fill("0");
      await typeAndSubmit(page, new RegExp(`^${b.label} 잔여 세대`), "7", "remaining");
      await expect
        .poll(() => page.getByRole("status").first().textContent(), { timeout: 10_000 })
        .toContain("잔여 세대를 저장했습니다");
      for (const path of ["/", "/SalesInfo/guide"]) {
        await expect
          .poll(async () => (await html(first, path)).includes("잔여 세대 현황"), {
            timeout: FOLLOW_MS,
            interval: 200,
          })
          .toBe(true);
        const visitor = await openPage(browser, "phone");
        try {
          await visitor.page.goto(first.url + path);
          const board = visitor.page.locator(".remaining");
          const items = await board.locator(".remaining-item").allTextContents();
          expect(items).toEqual([`${a.label}마감`, `${b.label}7세대`]);
          expect(await board.locator("time").textContent()).toMatch(
            /^\d{4}\. \d+\. \d+\. 오[전후] \d+:\d{2}$/,
          );
        } finally {
          await visitor.context.close();
        }
      }
    } finally {
      await context.close();
    }
  }, 60_000);

  test("a milestone dated before the one above it is refused beside it, named by its label, with focus on its date, with JavaScript and without; dates are date inputs, changed with the keyboard", async () => {
    const [first] = servers as [RunningServer];
    const [above, moved] = content.infoPages.schedule.milestones as [Milestone, Milestone];
    expect(above.date && moved.date).toBeTruthy();
    const dotted = (date: string) => date.replaceAll("-", ".");
    for (const javaScriptEnabled of [true, false]) {
      const { page, context } = await openPage(browser, "desktop", { javaScriptEnabled });
      try {
        if (javaScriptEnabled) await openOperations(page, first);
        else await signInVia(page, first, "/admin/operations");
        const rows = page.locator("#schedule .cf-entry");
        // Every date is a date input, every time a time input.
        for (const [label, type] of [
          [/^날짜/, "date"],
          [/^끝나는 날/, "date"],
          [/^시작 시각/, "time"],
          [/^끝 시각/, "time"],
        ] as const)
          expect(
            await rows
              .getByLabel(label)
              .evaluateAll((inputs) => inputs.map((i) => i.getAttribute("type"))),
            String(label),
          ).toEqual(Array(await rows.count()).fill(type));

        // The second milestone's date, a day, a month and a year earlier, with the keyboard
        // alone (each part of the date, whatever order the browser shows them in).
        const row = rows.nth(1);
        // The milestone opened from its summary with the keyboard.
        await row.locator("summary").focus();
        await page.keyboard.press("Enter");
        await row.getByLabel("단계").focus();
        await page.keyboard.press("Tab");
        for (const key of ["ArrowDown", "Tab", "ArrowDown", "Tab", "ArrowDown"])
          await page.keyboard.press(key);
        const date = row.getByLabel(/^날짜/);
        const typed = await date.inputValue();
        expect(typed < above.date!).toBe(true);
        await page.getByRole("button", { name: "분양 일정 저장" }).focus();
        await page.keyboard.press("Enter");

        // Beside the milestone, in Korean, naming it and the one above by their labels.
        const label = (m: Milestone) => (m.detail ? `${m.step} (${m.detail})` : m.step);
        const message = `"${label(moved)}"의 날짜(${typed})가 앞 일정 "${label(above)}"의 날짜(${above.date})보다 이릅니다. 일정은 날짜 순서대로 적어 주세요`;
        await expect
          .poll(() => row.locator(".field-error").allTextContents(), { timeout: 10_000 })
          .toEqual([message]);
        expect(await date.getAttribute("aria-invalid")).toBe("true");
        expect(
          await date.evaluate((el) =>
            (el.getAttribute("aria-describedby") ?? "")
              .split(" ")
              .map((id) => document.getElementById(id)?.textContent)
              .join(" "),
          ),
        ).toBe(message);
        expect(
          await page.evaluate(() => document.activeElement?.getAttribute("aria-invalid")),
        ).toBe("true");
        expect(await page.evaluate(() => document.activeElement?.id)).toBe(
          await date.getAttribute("id"),
        );
        expect(await page.locator("#schedule").textContent()).not.toContain("infoPages");
        // Nothing changed.
        await page.waitForTimeout(1_500);
        const plan = await html(first, "/BusinessGuide/plan");
        expect(plan).toContain(dotted(moved.date!));
        expect(plan).not.toContain(dotted(typed));
      } finally {
        await context.close();
      }
    }
  }, 90_000);

  test("a schedule date: the home page's next milestone and D-day, the schedule page and its .ics follow", async () => {
    const [first] = servers as [RunningServer];
    const day = (offset: number) =>
      new Date(Date.now() + KST_MS + offset * 86_400_000).toISOString().slice(0, 10);
    const { page, context } = await openPage(browser, "desktop");
    const milestones = content.infoPages.schedule.milestones;
    try {
      await openOperations(page, first);
      // Every dated milestone moved ahead of today, in order: 30, 32, 34… days from now.
      const rows = page.locator("#schedule .cf-entry");
      for (const [i, m] of milestones.entries()) {
        if (!m.date) continue;
        const row = rows.nth(i);
        await row.locator("summary").click();
        await row.getByLabel(/^날짜/).fill(day(30 + 2 * i));
        if (m.endDate) await row.getByLabel(/^끝나는 날/).fill(day(31 + 2 * i));
      }
      await page.getByRole("button", { name: "분양 일정 저장" }).focus();
      await page.keyboard.press("Enter");
      await expect
        .poll(() => page.getByRole("status").first().textContent(), { timeout: 10_000 })
        .toContain("분양 일정을 저장했습니다");
      const next = milestones.find((m) => m.date)!;
      const nextIndex = milestones.indexOf(next);
      const date = day(30 + 2 * nextIndex);
      const [y, mo, d] = date.split("-");
      await expect
        .poll(async () => (await html(first, "/BusinessGuide/plan")).includes(`${y}.${mo}.${d}`), {
          timeout: FOLLOW_MS,
          interval: 200,
        })
        .toBe(true);
      const ics = await (await fetch(`${first.url}/BusinessGuide/plan/${next.key}.ics`)).text();
      expect(ics).toMatch(new RegExp(`DTSTART[^\\r\\n]*${y}${mo}${d}`));
      const visitor = await openPage(browser, "desktop");
      try {
        await visitor.page.goto(first.url + "/");
        await hydrated(visitor.page);
        const chip = visitor.page.locator(".home-hero-next");
        // Days from today in Korea when the chip is read (a run may cross midnight there).
        const daysLeft = () => Math.round((Date.parse(date) - Date.parse(day(0))) / 86_400_000);
        await expect
          .poll(async () => (await chip.textContent())?.includes(`D-${daysLeft()}`))
          .toBe(true);
        expect(await chip.textContent()).toContain(`${y}.${mo}.${d}`);
      } finally {
        await visitor.context.close();
      }
    } finally {
      await context.close();
    }
  }, 60_000);

  test("a notice one minute long: absent before its start, on every page during it (dismissed with the keyboard for the visit), gone after its end, without anyone saving", async () => {
    const [first] = servers as [RunningServer];
    const kst = (ms: number) => new Date(ms + KST_MS).toISOString().slice(0, 19);
    // Its minute an hour from now: the servers' clock is moved to it, not waited for.
    const start = Math.ceil((Date.now() + 3_600_000) / 1000) * 1000;
    const end = start + 60_000;
    const { page, context } = await openPage(browser, "desktop");
    try {
      await openOperations(page, first);
      const form = page.locator("#notice");
      await form.getByLabel("제목", { exact: true }).fill("휴관 안내");
      await form.getByLabel("내용", { exact: true }).fill("12월 25일은 견본주택이 쉽니다.");
      await form.getByLabel("시작", { exact: true }).fill(kst(start));
      await form.getByLabel("끝", { exact: true }).fill(kst(end));
      await page.getByRole("button", { name: "공지 저장" }).focus();
      await page.keyboard.press("Enter");
      await expect
        .poll(() => page.getByRole("status").first().textContent(), { timeout: 10_000 })
        .toContain("공지를 저장했습니다");
      expect(await html(first, "/")).not.toContain("휴관 안내");

      // Shown within 5 s of its start, on every public page.
      setClock(clockFile, new Date(start - 1000));
      await expect
        .poll(async () => (await html(first, "/")).includes("휴관 안내"), {
          timeout: 1000 + FOLLOW_MS,
          interval: 250,
        })
        .toBe(true);
      expect(await html(first, content.unitTypes[0]!.path)).toContain("휴관 안내");

      // A visitor dismisses it with the keyboard; focus goes on to the page, and it stays
      // dismissed on the next page of the visit.
      const visitor = await openPage(browser, "phone");
      try {
        await visitor.page.goto(first.url + "/");
        await hydrated(visitor.page);
        const bar = visitor.page.getByRole("complementary", { name: "공지" });
        expect(await bar.isVisible()).toBe(true);
        const close = bar.getByRole("button", { name: "공지 닫기" });
        await close.focus();
        await visitor.page.keyboard.press("Enter");
        expect(await bar.isVisible()).toBe(false);
        expect(await visitor.page.evaluate(() => document.activeElement?.id)).toBe("main");
        await visitor.page.goto(first.url + content.unitTypes[0]!.path);
        expect(await visitor.page.locator("#site-notice").isHidden()).toBe(true);
        // Also on the press list, rendered per request: its inline script runs under the nonce.
        const refused: string[] = [];
        visitor.page.on("console", (m) => {
          if (m.type() === "error") refused.push(m.text());
        });
        await visitor.page.goto(first.url + pressPath);
        expect(await visitor.page.locator("#site-notice").count()).toBe(1);
        expect(await visitor.page.locator("#site-notice").isHidden()).toBe(true);
        expect(refused).toEqual([]);
      } finally {
        await visitor.context.close();
      }

      // Gone within 5 s of its end.
      setClock(clockFile, new Date(end - 1000));
      await expect
        .poll(async () => (await html(first, "/")).includes("휴관 안내"), {
          timeout: 1000 + FOLLOW_MS,
          interval: 250,
        })
        .toBe(false);
    } finally {
      await context.close();
    }
  });
});
