import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { content, describeOnce, testOnce } from "./support/sites";
import { milestoneIcsPath } from "~/content/pages";
import { MESSAGES, MIN_FILL_MS, RESULT_MESSAGES } from "~/leads/lead-form";
import { milestoneWhen } from "~/lib/schedule";
import { seriousA11yViolations } from "./support/a11y";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import { startServer, type RunningServer } from "./support/server";
import { readableHtml } from "./support/http";

/*
 * The home page as visitors meet it: section paging on a wide screen (wheel, trackpad burst,
 * keyboard, reduced motion, the footer at the end), the phone extras (unit viewer, accordions,
 * premium slider, PREMIUM cards), the popup triggers, the inline visit form, and the page as
 * it arrives without JavaScript.
 */

const run = promisify(execFile);
const { home } = content;

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ LEADS_RATE_LIMIT: "1000", LEADS_DUPLICATE_WINDOW_SECONDS: "0" }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function visit(
  viewport: "phone" | "desktop",
  options: { before?: (page: Page, context: BrowserContext) => Promise<void> } = {},
) {
  const opened = await openPage(browser, viewport);
  await options.before?.(opened.page, opened.context);
  await opened.page.goto(server.url + "/");
  await hydrated(opened.page);
  return opened;
}

/* ---------- Wide screens: section paging ---------- */

const position = (page: Page) =>
  page.evaluate(() => Number(document.querySelector<HTMLElement>(".home")!.dataset.position));
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
/** Scroll offset of the top of paged section n (1-based), or of the page's end for "footer". */
const stop = (page: Page, n: number | "footer") =>
  page.evaluate((which) => {
    if (which === "footer") return document.documentElement.scrollHeight - window.innerHeight;
    const section = document.querySelectorAll("[data-page-section]")[which - 1]!;
    return Math.round(section.getBoundingClientRect().top + window.scrollY);
  }, n);

/** Waits until the page rests at the top of section n (or the footer) and reports that position. */
async function restsAt(page: Page, n: number | "footer") {
  const target = await stop(page, n);
  await expect.poll(() => scrollY(page), { timeout: 5000 }).toBe(target);
  await expect.poll(() => position(page)).toBe(n === "footer" ? 8.5 : n);
}

/** Longer than the 500 ms lock, so the next wheel step counts. */
const afterLock = (page: Page) => page.waitForTimeout(650);

describeOnce("wide screen (1440 px): one section per step", () => {
  test("one wheel step moves exactly one section; a second step within 500 ms is ignored", async () => {
    const { context, page, errors } = await visit("desktop");
    try {
      await page.mouse.move(720, 450);
      expect(await position(page)).toBe(1);

      await page.mouse.wheel(0, 120);
      await restsAt(page, 2);

      await afterLock(page);
      await page.mouse.wheel(0, 120);
      await page.mouse.wheel(0, 120);
      await restsAt(page, 3);
      await afterLock(page);
      expect(await position(page), "the second step was ignored").toBe(3);

      await page.mouse.wheel(0, -120);
      await restsAt(page, 2);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("a trackpad's burst of 20 small wheel events moves one section", async () => {
    const { context, page } = await visit("desktop");
    try {
      // Twenty small steps 16 ms apart, as a trackpad sends them (with their input times, so
      // a slow test machine does not stretch the gesture).
      const cdp = await context.newCDPSession(page);
      const start = Date.now() / 1000;
      for (let i = 0; i < 20; i++) {
        await cdp.send("Input.dispatchMouseEvent", {
          type: "mouseWheel",
          x: 720,
          y: 450,
          deltaX: 0,
          deltaY: 6,
          timestamp: start + i * 0.016,
        });
      }
      await restsAt(page, 2);
      await afterLock(page);
      expect(await position(page)).toBe(2);
    } finally {
      await context.close();
    }
  });

  test("the last step shows the footer (position 8.5); further steps stay there", async () => {
    const { context, page } = await visit("desktop");
    try {
      await page.mouse.move(720, 450);
      for (let n = 2; n <= 8; n++) {
        await page.mouse.wheel(0, 120);
        await restsAt(page, n);
        await afterLock(page);
      }
      await page.mouse.wheel(0, 120);
      await restsAt(page, "footer");
      const footer = await page.locator(".site-footer").boundingBox();
      expect(footer!.y + footer!.height).toBeLessThanOrEqual(900 + 1);
      expect(await page.locator(".site-footer").isVisible()).toBe(true);

      await afterLock(page);
      await page.mouse.wheel(0, 120);
      await afterLock(page);
      expect(await position(page)).toBe(8.5);

      await page.mouse.wheel(0, -120);
      await restsAt(page, 8);
    } finally {
      await context.close();
    }
  });

  test("keyboard: Page Down/Up, arrows, End and Home page the same way; Tab into a section brings it in", async () => {
    const { context, page } = await visit("desktop");
    try {
      await page.keyboard.press("PageDown");
      await restsAt(page, 2);
      await page.keyboard.press("ArrowDown");
      await restsAt(page, 3);
      await page.keyboard.press("PageUp");
      await restsAt(page, 2);
      await page.keyboard.press("ArrowUp");
      await restsAt(page, 1);
      await page.keyboard.press("End");
      await restsAt(page, "footer");
      await page.keyboard.press("Home");
      await restsAt(page, 1);

      // Tab from the hero's button on: the next stop inside the location section brings it in.
      await page.locator(".home-hero-cta").focus();
      for (let i = 0; i < 5; i++) {
        await page.keyboard.press("Tab");
        if (await page.evaluate(() => !!document.activeElement?.closest("#home-location"))) break;
      }
      expect(await page.evaluate(() => !!document.activeElement?.closest("#home-location"))).toBe(
        true,
      );
      await restsAt(page, 2);
    } finally {
      await context.close();
    }
  });

  test("with reduced motion a step lands at once, without a scroll animation", async () => {
    const { context, page } = await visit("desktop", {
      before: (p) => p.emulateMedia({ reducedMotion: "reduce" }),
    });
    try {
      await page.mouse.move(720, 450);
      await page.mouse.wheel(0, 120);
      expect(await scrollY(page)).toBe(await stop(page, 2));
      await afterLock(page);
      await page.keyboard.press("PageDown");
      expect(await scrollY(page)).toBe(await stop(page, 3));
      // Nothing waits hidden for a fade-in either.
      const hidden = await page.$$eval(
        ".home-fade, .home-fade-late",
        (els) => els.filter((el) => getComputedStyle(el).opacity !== "1").length,
      );
      expect(hidden).toBe(0);
    } finally {
      await context.close();
    }
  });

  test("native scrolling (find-in-page, anchors) reaches every section and the indicator follows", async () => {
    const { context, page } = await visit("desktop");
    try {
      // What find-in-page does: scroll the match into view.
      await page
        .getByText(home.premium.intro)
        .evaluate((el) => el.scrollIntoView({ block: "center" }));
      await expect.poll(() => position(page)).toBe(6);
      const indicator = page.getByRole("navigation", { name: "홈 화면 섹션" });
      expect(await indicator.locator('[aria-current="true"]').textContent()).toBe(
        home.premium.heading,
      );
      // Every section is in the document as is: no section is hidden from assistive technology.
      const hidden = await page.$$eval(
        "[data-page-section]",
        (sections) =>
          sections.filter((s) => s.closest("[aria-hidden='true'], [hidden], [inert]")).length,
      );
      expect(hidden).toBe(0);

      await indicator.getByRole("link", { name: home.specialPlan.eyebrow }).click();
      await restsAt(page, 5);
    } finally {
      await context.close();
    }
  });

  test("the header turns solid once the page leaves the top", async () => {
    const { context, page } = await visit("desktop");
    try {
      const header = page.locator(".site-header");
      expect(await header.getAttribute("data-scrolled")).toBe("false");
      await page.keyboard.press("PageDown");
      await restsAt(page, 2);
      expect(await header.getAttribute("data-scrolled")).toBe("true");
    } finally {
      await context.close();
    }
  });
});

/* ---------- Phones: the extras ---------- */

const selectedDot = (page: Page) =>
  page
    .locator(".slider-dot")
    .evaluateAll((dots) => dots.findIndex((d) => d.getAttribute("aria-current") === "true"));

/**
 * Opens the business overview's premium accordion (the slider's home); the carousel's code loads
 * then. The test's clock is paused, so it is moved on in small steps until the carousel is there.
 */
async function openSlider(page: Page) {
  await page.locator("summary", { hasText: home.overview.premiumTitle }).click();
  const dots = page.locator(".slider-dot");
  for (let i = 0; i < 100 && (await dots.count()) === 0; i++) await page.clock.runFor(20);
  await dots.first().waitFor();
}

/** A clock that only moves when the test says so. */
async function freezeClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

/** Drops focus and moves the pointer off the slider (as when the visitor goes on reading). */
async function leaveSlider(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(5, 5);
}

/** A finger moving horizontally across the slider by dx pixels. */
async function swipe(page: Page, context: BrowserContext, dx: number) {
  const box = (await page.locator(".slider-viewport").boundingBox())!;
  const y = box.y + box.height / 2;
  const x0 = box.x + box.width / 2;
  const cdp = await context.newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: x0, y }] });
  for (let i = 1; i <= 6; i++) {
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchMove",
      touchPoints: [{ x: x0 + (dx * i) / 6, y }],
    });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

describe("phone (390 px): stacked layout and extras", () => {
  testOnce(
    "the unit-type viewer's arrows are disabled at the ends; tabs and arrows change the plan",
    async () => {
      const { context, page, errors } = await visit("phone");
      try {
        const viewer = page.locator(".unit-viewer");
        const prev = viewer.getByRole("button", { name: "이전 주택형" });
        const next = viewer.getByRole("button", { name: "다음 주택형" });
        const tabs = viewer.getByRole("tab");
        const labels = home.unitPlan.viewerKeys.map(
          (k) => content.unitTypes.find((u) => u.key === k)!.label,
        );
        expect(await tabs.allTextContents()).toEqual(labels);
        expect(await prev.isDisabled()).toBe(true);
        expect(await next.isDisabled()).toBe(false);
        const image = viewer.getByRole("tabpanel").locator("img");
        expect(await image.getAttribute("alt")).toContain(labels[0]);

        // The tab is marked in the frame that answers the tap, the plan follows in the next one.
        for (let i = 1; i < labels.length; i++) {
          await next.click();
          expect(await tabs.nth(i).getAttribute("aria-selected")).toBe("true");
          await expect.poll(() => image.getAttribute("alt")).toContain(labels[i]);
        }
        expect(await next.isDisabled()).toBe(true);
        expect(await prev.isDisabled()).toBe(false);
        // The arrow disabled under the pointer's focus handed it to the other arrow.
        expect(await prev.evaluate((el) => el === document.activeElement)).toBe(true);

        await tabs.nth(1).click();
        await expect.poll(() => image.getAttribute("alt")).toContain(labels[1]);
        expect(await prev.isDisabled()).toBe(false);
        // The new image fades in over 500 ms.
        expect(
          await viewer
            .locator(".unit-frame")
            .evaluate((el) => getComputedStyle(el).animationDuration),
        ).toBe("0.5s");
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  testOnce(
    "the premium slider advances every 6 s, wraps, and pauses while focused and with its button",
    async () => {
      const { context, page } = await visit("phone", { before: (p) => p.clock.install() });
      try {
        await freezeClock(page);
        await openSlider(page);
        const count = content.locationHighlights.length;
        expect(await page.locator(".slider-dot").count()).toBe(count);
        expect(await selectedDot(page)).toBe(0);

        await page.clock.runFor(5900);
        expect(await selectedDot(page)).toBe(0);
        await page.clock.runFor(200);
        await expect.poll(() => selectedDot(page)).toBe(1);
        for (let i = 2; i <= count; i++) {
          await page.clock.runFor(6000);
          await expect.poll(() => selectedDot(page)).toBe(i % count);
        }

        // Focus inside the slider: no advancing.
        await page.locator(".slider-dot").nth(2).focus();
        await page.clock.runFor(20_000);
        expect(await selectedDot(page)).toBe(0);
        await leaveSlider(page);
        await page.clock.runFor(6000);
        await expect.poll(() => selectedDot(page)).toBe(1);

        // The pause button stops it until pressed again, whatever focus and pointer do meanwhile.
        const toggle = page.getByRole("button", { name: "슬라이드 자동 넘김 멈춤" });
        await toggle.click();
        await leaveSlider(page);
        await page.clock.runFor(30_000);
        expect(await selectedDot(page)).toBe(1);
        await page.getByRole("button", { name: "슬라이드 자동 넘김 시작" }).click();
        await leaveSlider(page);
        await page.clock.runFor(6000);
        await expect.poll(() => selectedDot(page)).toBe(2);
      } finally {
        await context.close();
      }
    },
  );

  testOnce(
    "a swipe over 50 px goes to the next or previous slide, wrapping; one under 50 px does not",
    async () => {
      const { context, page } = await visit("phone", { before: (p) => p.clock.install() });
      try {
        await freezeClock(page);
        await openSlider(page);
        const count = content.locationHighlights.length;

        await swipe(page, context, -80);
        await expect.poll(() => selectedDot(page)).toBe(1);
        await swipe(page, context, 80);
        await expect.poll(() => selectedDot(page)).toBe(0);
        await swipe(page, context, 80);
        await expect.poll(() => selectedDot(page)).toBe(count - 1);
        await swipe(page, context, -80);
        await expect.poll(() => selectedDot(page)).toBe(0);

        await swipe(page, context, -40);
        await page.clock.runFor(1000);
        expect(await selectedDot(page)).toBe(0);
        await swipe(page, context, 30);
        await page.clock.runFor(1000);
        expect(await selectedDot(page)).toBe(0);
      } finally {
        await context.close();
      }
    },
  );

  testOnce("accordions: opening one closes the other; tapping the open one closes it", async () => {
    const { context, page } = await visit("phone");
    try {
      const group = page.locator("details[name='home-overview']");
      const head = (title: string) => page.locator("summary", { hasText: title });
      const open = () =>
        group.evaluateAll((items) => items.map((d) => (d as HTMLDetailsElement).open));

      expect(await open()).toEqual([false, false, false]);
      await head(home.overview.overviewTitle).first().click();
      expect(await open()).toEqual([true, false, false]);
      const row = group.first().getByText(content.overviewRows[1]!.value);
      expect(await row.isVisible()).toBe(true);

      await head(home.overview.locationTitle).click();
      expect(await open()).toEqual([false, true, false]);
      expect(await row.isVisible()).toBe(false);

      await head(home.overview.locationTitle).click();
      expect(await open()).toEqual([false, false, false]);

      // The complex guide and the unit plan are groups of their own.
      const guide = page.locator("details[name='home-complex']");
      await head(home.complexGuide.items[1]!.title).click();
      await head(home.complexGuide.items[2]!.title).click();
      expect(
        await guide.evaluateAll((items) => items.map((d) => (d as HTMLDetailsElement).open)),
      ).toEqual([false, false, true]);
      await head(home.unitPlan.emodelTitle).click();
      expect(
        await page
          .getByRole("button", { name: /360° 투어 보기/ })
          .filter({ visible: true })
          .count(),
      ).toBe(1);
      expect(await guide.nth(2).evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    } finally {
      await context.close();
    }
  });

  testOnce("PREMIUM cards expand on tap to show their two lines, and fold again", async () => {
    const { context, page } = await visit("phone");
    try {
      const [first, second] = content.premiumCards;
      const cards = page.locator(".premium-cards");
      const line1 = cards.getByText(first!.text1, { exact: true });
      const line2 = cards.getByText(first!.text2, { exact: true });
      const toggle = page.getByRole("button", { name: first!.title });
      await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await line1.isVisible()).toBe(false);

      await toggle.click();
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      expect(await line1.isVisible()).toBe(true);
      expect(await line2.isVisible()).toBe(true);

      await toggle.click();
      expect(await line1.isVisible()).toBe(false);

      // A tap on the card's artwork opens it too.
      await page.locator(".premium-card").nth(1).locator("img").tap();
      expect(await cards.getByText(second!.text1, { exact: true }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe("PREMIUM cards lead on", () => {
  test("the cards link to the complex's pages, and the premium card reaches the premium page", async () => {
    const { context, page } = await visit("desktop");
    try {
      const links = page.locator(".premium-card-link");
      const hrefs = await links.evaluateAll((els) => els.map((a) => a.getAttribute("href")));
      expect(hrefs).toEqual(content.premiumCards.map((c) => c.link));

      // The premium page under its own path or one of its other spellings (a 301 to it).
      const premium = content.pages.find((p) => p.path === "/LocationEnvironment/primium")!;
      const spellings = [
        premium.path,
        ...content.redirects.filter((r) => r.to === premium.path).map((r) => r.from),
      ];
      const card = hrefs.findIndex((href) => spellings.includes(href!));
      expect(card).toBeGreaterThanOrEqual(0);
      await page.locator(".premium-card").nth(card).getByRole("link").click();
      await page.waitForURL(server.url + premium.path);
      expect(await page.locator("h1").textContent()).toBe(premium.title);
    } finally {
      await context.close();
    }
  });
});

describe("accessibility (axe) of the extras", () => {
  test("no serious or critical violations with the phone accordions, slider and cards open", async () => {
    const { context, page } = await visit("phone");
    try {
      await page.locator("summary", { hasText: home.overview.premiumTitle }).click();
      await page.locator(".slider-dot").first().waitFor();
      await page.locator("summary", { hasText: home.complexGuide.items[0]!.title }).click();
      await page.locator("summary", { hasText: home.unitPlan.emodelTitle }).click();
      await page.getByRole("button", { name: content.premiumCards[0]!.title }).click();
      await page.evaluate(() =>
        Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
      );
      expect(await seriousA11yViolations(page, "home (phone, extras open)", "main")).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/* ---------- Registration ---------- */

const popup = (page: Page) => page.getByRole("dialog", { name: "방문예약 · 관심고객 등록" });

let phoneSeq = 2000;
const newPhone = () => `010-8${String(process.pid % 1000).padStart(3, "0")}-${String(phoneSeq++)}`;

/** Rows of the operator's export that carry a phone number. */
async function exportedRowsWith(phone: string): Promise<string[]> {
  const { stdout } = await run("npm", ["run", "-s", "leads", "--", "export"], { env: server.env });
  return stdout.split(/\r?\n/).filter((line) => line.includes(phone));
}

/**
 * The form's code loads on the visitor's first interaction (docs/decisions/012); a person takes
 * longer to fill it than that, a test waits for it.
 */
async function formReady(page: Page) {
  await page.locator("#interestForm input[name=name]").focus();
  await expect
    .poll(() => page.locator("#interestForm[novalidate]").count(), { timeout: 10_000 })
    .toBe(1);
}

function inlineForm(page: Page) {
  const scope: Locator = page.locator("#interestForm");
  return {
    form: scope,
    name: scope.getByRole("textbox", { name: /^고객명/ }),
    phone: scope.getByRole("textbox", { name: /^연락처/ }),
    message: scope.getByRole("textbox", { name: "문의내용" }),
    consent: scope.getByRole("checkbox", { name: "개인정보 수집·이용 동의 (필수)" }),
    submit: scope.getByRole("button", { name: "등록하기" }),
    status: page.locator(".home-visit-form").getByRole("status"),
  };
}

describe("registration from the home page", () => {
  test.each(["desktop", "phone"] as const)(
    "on a %s the hero button and the location link open the registration popup",
    async (viewport) => {
      const { context, page, errors } = await visit(viewport);
      try {
        const dialog = popup(page);
        await page.getByRole("button", { name: home.hero.ctaLabel }).click();
        await expect.poll(() => dialog.isVisible()).toBe(true);
        await dialog.getByRole("button", { name: "닫기" }).click();
        await expect.poll(() => dialog.isVisible()).toBe(false);

        await page.getByRole("button", { name: home.location.ctaLabel }).click();
        await expect.poll(() => dialog.isVisible()).toBe(true);

        // The popup's registration completes on the home page too (nothing on the page holds up
        // the router while parts of it are still loading).
        const phone = newPhone();
        await dialog.getByRole("textbox", { name: /^이름/ }).fill("팝업홈");
        await dialog.getByRole("textbox", { name: /^연락처/ }).fill(phone);
        await dialog.getByRole("checkbox", { name: "개인정보 수집·이용 동의 (필수)" }).check();
        await page.waitForTimeout(MIN_FILL_MS + 100);
        await dialog.getByRole("button", { name: "등록하기" }).click();
        await expect
          .poll(() => dialog.getByRole("status").textContent())
          .toContain(RESULT_MESSAGES.popup.success);
        expect(await exportedRowsWith(phone)).toHaveLength(1);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  testOnce(
    "the inline form (#interestForm) stores a visit once and says so under the form",
    async () => {
      const { context, page, errors } = await visit("phone");
      try {
        const f = inlineForm(page);
        expect(await f.phone.getAttribute("placeholder")).toBe("010-0000-0000");
        expect(await f.message.getAttribute("rows")).toBe("5");
        const phone = newPhone();
        await f.name.fill("한방문");
        await f.phone.fill(phone);
        await f.message.fill("주말 오후 방문 희망합니다");
        await f.consent.check();
        await page.waitForTimeout(MIN_FILL_MS + 100);
        await f.submit.click();

        await expect.poll(() => f.status.textContent()).toContain(RESULT_MESSAGES.inquiry.success);
        // Under the form, and the fields are cleared for the next visitor.
        const formBox = (await f.form.boundingBox())!;
        const statusBox = (await f.status.boundingBox())!;
        expect(statusBox.y).toBeGreaterThanOrEqual(formBox.y + formBox.height - 1);
        expect(await f.name.inputValue()).toBe("");

        const rows = await exportedRowsWith(phone);
        expect(rows).toHaveLength(1);
        // No visit time chosen: an interested customer's registration on the desk.
        expect(rows[0]).toContain("관심고객 등록");
        expect(rows[0]).toContain("한방문");
        expect(rows[0]).toContain("주말 오후 방문 희망합니다");
        expect(rows[0]).toContain("/#interestForm");
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  testOnce(
    "a clumsy entry gets Korean messages next to the fields and keeps what was typed, with and without JavaScript",
    async () => {
      const { context, page } = await visit("phone");
      try {
        const f = inlineForm(page);
        await formReady(page);
        await f.name.fill("김실수");
        await f.phone.fill("010-12");
        await f.submit.click();
        await expect.poll(() => f.form.textContent()).toContain(MESSAGES.phoneInvalid);
        expect(await f.form.textContent()).toContain(MESSAGES.consentRequired);
        expect(await f.name.inputValue()).toBe("김실수");
      } finally {
        await context.close();
      }
      const plain = await openPage(browser, "desktop", { javaScriptEnabled: false });
      try {
        await plain.page.goto(server.url + "/");
        const f = inlineForm(plain.page);
        await f.name.fill("김무자");
        await f.phone.fill("02-12");
        await f.message.fill("전화 주세요");
        await f.consent.check();
        await Promise.all([plain.page.waitForLoadState("load"), f.submit.click()]);
        expect(await f.form.textContent()).toContain(MESSAGES.phoneInvalid);
        expect(await f.name.inputValue()).toBe("김무자");
        expect(await f.message.inputValue()).toBe("전화 주세요");
      } finally {
        await plain.context.close();
      }
    },
  );

  testOnce(
    "without JavaScript the inline form posts to the home page, which shows the result under it",
    async () => {
      const { context, page } = await openPage(browser, "desktop", { javaScriptEnabled: false });
      try {
        await page.goto(server.url + "/#interestForm");
        const f = inlineForm(page);
        const phone = newPhone();
        await f.name.fill("무자바");
        await f.phone.fill(phone);
        await f.consent.check();
        await Promise.all([page.waitForLoadState("load"), f.submit.click()]);
        await page.waitForURL((url) => url.pathname === "/");
        expect(await f.status.textContent()).toContain(RESULT_MESSAGES.inquiry.success);
        expect(await exportedRowsWith(phone)).toHaveLength(1);
      } finally {
        await context.close();
      }
    },
  );
});

/* ---------- Without JavaScript, speed, schedule ---------- */

describe("the page as it arrives", () => {
  test("curl /: every section's text, the key facts, the model house and the schedule dates are in the HTML", async () => {
    const res = await fetch(server.url + "/");
    expect(res.status).toBe(200);
    const html = await res.text();
    const text = readableHtml(html);
    const expected = [
      content.identity.address,
      home.hero.ctaLabel,
      `${content.project.households!.toLocaleString("ko-KR")}세대`,
      `B${content.project.floors!.basement} ~ ${content.project.floors!.above}F`,
      `약 ${content.project.brandTownHouseholds!.toLocaleString("ko-KR")}세대`,
      content.project.moveIn,
      ...Object.values(home.keyFacts.labels),
      home.location.heading,
      ...home.location.points.flatMap((p) => [p.title, p.text]),
      home.location.ctaLabel,
      home.brand.heading,
      home.brand.linkText,
      home.environment.heading,
      home.environment.linkText,
      home.specialPlan.heading,
      ...home.specialPlan.items.flatMap((i) => [i.title, i.text]),
      home.premium.heading,
      ...content.premiumCards.flatMap((c) => [c.title, c.text1, c.text2, c.linkText]),
      home.unitPlan.heading,
      home.unitPlan.linkText,
      home.visit.heading,
      content.identity.modelHouseAddress,
      content.modelHouse.hoursText,
      home.visit.directionsLabel,
      content.identity.phone,
      ...content.infoPages.schedule.milestones.map((m) => milestoneWhen(m)),
      ...content.overviewRows.map((r) => r.value),
      ...content.locationHighlights.map((h) => h.titleText),
      ...home.complexGuide.items.map((i) => i.text),
    ];
    for (const t of expected) expect(text, t).toContain(t);
    expect(html).toContain('href="/Brand/video"');
    expect(html).toContain(`href="${home.unitPlan.link}"`);
    expect(html).toContain('href="/LocationEnvironment/intro"');
    expect(html).toContain(`href="${content.modelHouse.mapLinks.naver}"`);
    expect(html).toContain(`href="${content.modelHouse.mapLinks.kakao}"`);
    expect(html).toMatch(/<form[^>]*id="interestForm"[^>]*action="\/\?index"/);
    // Counted from today in the browser only: a prerendered page never carries a stale D-day.
    expect(html).not.toMatch(/D-\d+|D-DAY/);
  });

  test("the hero is preloaded per screen, and only the hero loads eagerly and first", async () => {
    const html = await (await fetch(server.url + "/")).text();
    const preloads = (html.match(/<link rel="preload" as="image"[^>]*>/g) ?? []).filter((l) =>
      l.includes("home-hero"),
    );
    expect(preloads).toHaveLength(2);
    expect(preloads.join()).toContain('media="(max-width: 900px)"');
    expect(preloads.join()).toContain("home-hero-tall");
    expect(preloads.join()).toContain("home-hero-wide");
    expect(preloads.join()).toContain('type="image/avif"');
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    const images = main.match(/<img [^>]*>/g) ?? [];
    expect(images.length).toBeGreaterThan(10);
    const eager = images.filter((img) => !img.includes('loading="lazy"'));
    expect(eager).toHaveLength(1);
    expect(eager[0]).toContain("home-hero-wide");
    expect(eager[0]).toMatch(/fetchpriority="high"/i);
    // The others wait for it, also one that shows on the first screen (a browser would raise it).
    for (const img of images.filter((i) => i.includes('loading="lazy"')))
      expect(img).toMatch(/fetchpriority="low"/i);
  });

  test("on a phone the hero picture is the portrait crop, sharp at 3x", async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });
    try {
      const page = await context.newPage();
      await page.goto(server.url + "/");
      const img = page.locator(".home-hero-img");
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete)).toBe(true);
      const chosen = await img.evaluate((el: HTMLImageElement) => ({
        src: el.currentSrc,
        shown: el.getBoundingClientRect().width,
      }));
      expect(chosen.src).toContain("home-hero-tall");
      expect(chosen.src).toMatch(/\.avif$/);
      const fileWidth = Number(/-(\d+)\.avif$/.exec(chosen.src)![1]);
      expect(fileWidth).toBeGreaterThanOrEqual(chosen.shown * 3);
    } finally {
      await context.close();
    }
  });

  testOnce(
    "the next milestone's D-day is counted in the browser from today's date in Korea",
    async () => {
      const special = content.infoPages.schedule.milestones.find((m) => m.key === "special")!;
      const dayBefore = new Date(`${special.date}T00:00:00+09:00`).getTime() - 12 * 3600_000;
      const { context, page } = await visit("desktop", {
        before: (p) => p.clock.install({ time: dayBefore }),
      });
      try {
        const chip = page.locator(".next-milestone");
        await expect.poll(() => chip.textContent()).toContain("D-1");
        expect(await chip.textContent()).toContain(special.detail);
        const next = page.locator('.schedule-compact [aria-current="step"]');
        expect(await next.textContent()).toContain("D-1");
        expect(await next.textContent()).toContain(special.detail);
      } finally {
        await context.close();
      }
    },
  );

  test("each dated milestone's calendar file downloads from /BusinessGuide/plan, also without JavaScript", async () => {
    const { context, page } = await openPage(browser, "desktop", { javaScriptEnabled: false });
    try {
      await page.goto(server.url + "/BusinessGuide/plan");
      const links = page.getByRole("link", { name: /캘린더에 추가/ });
      const dated = content.infoPages.schedule.milestones.filter((m) => m.date);
      expect(await links.count()).toBe(dated.length);
      const [download] = await Promise.all([page.waitForEvent("download"), links.nth(1).click()]);
      expect(download.suggestedFilename()).toBe(`${dated[1]!.key}.ics`);
      const res = await fetch(server.url + milestoneIcsPath(dated[1]!));
      expect(res.headers.get("content-type")).toContain("text/calendar");
      expect(await res.text()).toContain("BEGIN:VEVENT");
    } finally {
      await context.close();
    }
  });
});
