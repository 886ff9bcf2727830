import { rmSync } from "node:fs";
import type { Browser, Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { content, customerPath, describeOnce, testOnce } from "./support/sites";
import { HONEYPOT_FIELD, MESSAGES, RESULT_MESSAGES } from "~/leads/lead-form";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import {
  exportLeads as exportLeadsOf,
  fields,
  humanPause,
  popup,
  popupEntryGone,
  storedWithPhone as storedWithPhoneOf,
} from "./support/leads";
import { startServer, type RunningServer } from "./support/server";
import { readableHtml } from "./support/http";

/*
 * Lead intake as a visitor meets it: the registration popup, its page without JavaScript, the
 * customer-page inquiry; what is stored is read back with the operator's `npm run leads -- export`.
 */

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  // Many submissions come from one address here; the duplicate window is off so that only the
  // idempotency key can merge two submissions (tests use a new phone number each time anyway).
  [server, browser] = await Promise.all([
    startServer({ LEADS_RATE_LIMIT: "1000", LEADS_DUPLICATE_WINDOW_SECONDS: "0" }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const exportLeads = (srv: RunningServer = server) => exportLeadsOf(srv);
const storedWithPhone = async (phone: string, srv?: RunningServer) =>
  storedWithPhoneOf(srv ?? server, phone);

let phoneSeq = 1000;
/** A phone number no other test used. */
const newPhone = () => `010-7${String(process.pid % 1000).padStart(3, "0")}-${String(phoneSeq++)}`;

async function visit(
  viewport: "phone" | "desktop",
  path: string,
  options: { javaScriptEnabled?: boolean; from?: string } = {},
) {
  const opened = await openPage(browser, viewport, options);
  if (options.from) await opened.page.goto(server.url + options.from);
  await opened.page.goto(server.url + path);
  if (options.javaScriptEnabled !== false) await hydrated(opened.page);
  return opened;
}

/** The texts an element's aria-describedby points at: its message "next to the field". */
function description(field: Locator): Promise<string> {
  return field.evaluate((el) =>
    (el.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" "),
  );
}

/** A form body as the browser would send it without JavaScript. */
function formBody(values: Record<string, string>) {
  return new URLSearchParams({
    kind: "visit",
    source: "/register",
    privacyConsent: "on",
    ...values,
  });
}
function post(path: string, values: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(server.url + path, {
    method: "POST",
    body: formBody(values),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    redirect: "manual",
  });
}

describeOnce("registration popup", () => {
  test.each([
    ["desktop", "the header phone button", ".header-phone"],
    ["phone", "the bottom bar", ".bottom-bar-reserve"],
  ] as const)(
    "on a %s, opened from %s, registers a visit with consent and says so",
    async (viewport, _from, trigger) => {
      const { context, page, errors } = await visit(viewport, "/Brand/intro");
      try {
        await page.evaluate(() => ((window as unknown as { stay: boolean }).stay = true));
        await page.locator(trigger).click();
        const dialog = popup(page);
        await expect.poll(() => dialog.isVisible()).toBe(true);
        const f = fields(dialog);
        expect(await f.name.evaluate((el) => el === document.activeElement)).toBe(true);

        const phone = newPhone();
        await f.name.fill("김방문");
        await f.phone.fill(phone.replace(/-/g, ""));
        await f.consent.check();
        await f.sms.check();
        await humanPause(page);
        await f.submit.click();

        await expect.poll(() => f.status.textContent()).toContain(RESULT_MESSAGES.popup.success);
        expect(await dialog.locator("form").isHidden(), "the message replaces the form").toBe(true);
        // No page load: the page's own state is still there.
        expect(await page.evaluate(() => (window as unknown as { stay?: boolean }).stay)).toBe(
          true,
        );
        expect(new URL(page.url()).pathname).toBe("/Brand/intro");

        const stored = await storedWithPhone(phone);
        expect(stored).toHaveLength(1);
        expect(stored[0]).toMatchObject({
          구분: "관심고객 등록",
          이름: "김방문",
          동의버전: content.privacy.consentVersion,
          SMS수신동의: "동의",
          접수페이지: "/Brand/intro",
        });
        expect(stored[0]!.개인정보동의일시).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

        await dialog.getByRole("button", { name: "확인" }).click();
        await expect.poll(() => dialog.isVisible()).toBe(false);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  test("without JavaScript the trigger leads to /register, and the answer page shows the success message", async () => {
    const { context, page } = await visit("phone", "/Brand/intro", { javaScriptEnabled: false });
    try {
      await page.locator(".bottom-bar-reserve").click();
      await page.waitForURL(/\/register$/);
      const f = fields(page);
      const phone = newPhone();
      await f.name.fill("최무자");
      await f.phone.fill(phone);
      await f.consent.check();
      await Promise.all([page.waitForLoadState("load"), f.submit.click()]);
      await page.waitForURL(/\/register$/);
      expect(await f.status.textContent()).toContain(RESULT_MESSAGES.popup.success);
      expect(await page.locator("main form").isHidden()).toBe(true);
      const stored = await storedWithPhone(phone);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        구분: "관심고객 등록",
        이름: "최무자",
        동의버전: content.privacy.consentVersion,
      });
    } finally {
      await context.close();
    }
  });

  test("Back closes the popup and stays on the page; Escape and the close button close it too", async () => {
    const { context, page, errors } = await visit("desktop", "/Brand/intro", { from: "/privacy" });
    try {
      await page.evaluate(() => ((window as unknown as { stay: boolean }).stay = true));
      const dialog = popup(page);

      await page.locator(".header-phone").click();
      await expect.poll(() => dialog.isVisible()).toBe(true);
      const requests: string[] = [];
      page.on("request", (r) => {
        if (new URL(r.url()).pathname === "/Brand/intro.data") requests.push(r.url());
      });
      await page.evaluate(() => history.back());
      await expect.poll(() => dialog.isVisible()).toBe(false);
      expect(new URL(page.url()).pathname).toBe("/Brand/intro");
      expect(requests, "closing is not a navigation: no page data is fetched").toEqual([]);

      await page.locator(".header-phone").click();
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await page.keyboard.press("Escape");
      await expect.poll(() => dialog.isVisible()).toBe(false);

      await page.locator(".header-phone").click();
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await dialog.getByRole("button", { name: "닫기" }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);

      expect(await page.evaluate(() => (window as unknown as { stay?: boolean }).stay)).toBe(true);
      // Closing tidied history up: one Back now leaves for the previous page.
      await popupEntryGone(page);
      await page.goBack();
      await page.waitForURL(/\/privacy$/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("a lost connection shows the network message in the popup, and a retry then succeeds", async () => {
    const { context, page, errors } = await visit("phone", "/Brand/intro");
    try {
      await page.locator(".bottom-bar-reserve").click();
      const dialog = popup(page);
      const f = fields(dialog);
      const phone = newPhone();
      await f.name.fill("오프라인");
      await f.phone.fill(phone);
      await f.consent.check();
      await humanPause(page);
      await context.setOffline(true);
      await f.submit.click();
      await expect.poll(() => f.status.textContent()).toContain(RESULT_MESSAGES.popup.network);
      expect(await storedWithPhone(phone)).toHaveLength(0);

      await context.setOffline(false);
      await dialog.getByRole("button", { name: "다시 입력하기" }).click();
      expect(await f.name.inputValue(), "the input is kept").toBe("오프라인");
      await f.submit.click();
      await expect.poll(() => f.status.textContent()).toContain(RESULT_MESSAGES.popup.success);
      expect(await storedWithPhone(phone)).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("customer page inquiry", () => {
  test("with JavaScript: the ✔ message shows under the form, the fields are cleared, one inquiry is stored", async () => {
    const { context, page, errors } = await visit("desktop", "/Promotion/Customer");
    try {
      expect(
        await page
          .getByRole("link", { name: new RegExp(content.identity.phone) })
          .first()
          .getAttribute("href"),
      ).toBe(`tel:${content.identity.phone.replace(/-/g, "")}`);
      expect(await page.locator("main").textContent()).toContain(content.contact.hours);
      expect(await page.locator("main").textContent()).toContain(content.legal.smsNotice);

      const f = fields(page.locator("main"));
      expect(await f.phone.getAttribute("placeholder")).toBe("010-0000-0000");
      expect(await f.message.getAttribute("rows")).toBe("5");
      const phone = newPhone();
      await f.name.fill("이문의");
      await f.phone.fill(phone);
      await f.message.fill(`${content.unitTypes[1]!.label} 타입 잔여세대가\n있는지 궁금합니다.`);
      await f.consent.check();
      await humanPause(page);
      await f.submit.click();

      await expect.poll(() => f.status.textContent()).toBe(RESULT_MESSAGES.inquiry.success);
      expect(await f.name.inputValue()).toBe("");
      expect(await f.phone.inputValue()).toBe("");
      expect(await f.message.inputValue()).toBe("");
      expect(await f.consent.isChecked()).toBe(false);
      const stored = await storedWithPhone(phone);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        구분: "상담문의",
        이름: "이문의",
        문의내용: `${content.unitTypes[1]!.label} 타입 잔여세대가\n있는지 궁금합니다.`,
        SMS수신동의: "미동의",
        동의버전: content.privacy.consentVersion,
      });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  testOnce(
    "without JavaScript (site customer page): the answer page shows the ✔ message and one inquiry is stored",
    async () => {
      const path = customerPath;
      const { context, page } = await visit("phone", path, { javaScriptEnabled: false });
      try {
        const f = fields(page.locator("main"));
        const phone = newPhone();
        await f.name.fill("박문의");
        await f.phone.fill(phone);
        await f.message.fill("상담 전화 부탁드립니다.");
        await f.consent.check();
        await Promise.all([page.waitForLoadState("load"), f.submit.click()]);
        await expect.poll(() => f.status.textContent()).toBe(RESULT_MESSAGES.inquiry.success);
        expect(new URL(page.url()).pathname).toBe(path);
        expect(await f.name.inputValue()).toBe("");
        const stored = await storedWithPhone(phone);
        expect(stored).toHaveLength(1);
        expect(stored[0]).toMatchObject({ 구분: "상담문의", 이름: "박문의", 접수페이지: path });
      } finally {
        await context.close();
      }
    },
  );

  testOnce(
    "with JavaScript (site customer page): the form is sent without a page load, the ✔ message shows and the inquiry is stored",
    async () => {
      const path = customerPath;
      const { context, page, errors } = await visit("phone", path);
      try {
        await page.evaluate(() => ((window as unknown as { stay: boolean }).stay = true));
        const posts: string[] = [];
        page.on("request", (r) => {
          if (r.method() === "POST") posts.push(new URL(r.url()).pathname);
        });
        const f = fields(page.locator("main"));
        const phone = newPhone();
        await f.name.fill("자바문의");
        await f.phone.fill(phone.replace(/-/g, ""));
        await f.message.fill("분양가 문의드립니다.");
        await f.consent.check();
        await humanPause(page);
        await f.submit.click();

        await expect.poll(() => f.status.textContent()).toBe(RESULT_MESSAGES.inquiry.success);
        expect(await page.evaluate(() => (window as unknown as { stay?: boolean }).stay)).toBe(
          true,
        );
        expect(new URL(page.url()).pathname).toBe(path);
        expect(posts, "sent to the action's JSON twin, not as a page").toEqual(["/api/leads"]);
        expect(await f.name.inputValue()).toBe("");
        const stored = await storedWithPhone(phone);
        expect(stored).toHaveLength(1);
        expect(stored[0]).toMatchObject({
          구분: "상담문의",
          이름: "자바문의",
          문의내용: "분양가 문의드립니다.",
          접수페이지: path,
        });
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  testOnce(
    "the same phone sent again after a success is a new inquiry, stored and answered as such",
    async () => {
      const { context, page, errors } = await visit("desktop", "/Promotion/Customer");
      try {
        const f = fields(page.locator("main"));
        const phone = newPhone();
        for (let i = 0; i < 2; i++) {
          await f.name.fill("두번문의");
          await f.phone.fill(phone);
          await f.message.fill("같은 문의입니다.");
          await f.consent.check();
          await humanPause(page);
          await f.submit.click();
          await expect.poll(() => f.status.textContent()).toBe(RESULT_MESSAGES.inquiry.success);
          await expect.poll(() => f.name.inputValue()).toBe("");
        }
        // The duplicate window is off here: only a resent submission (same key) is merged.
        expect(await storedWithPhone(phone)).toHaveLength(2);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  testOnce(
    "an answer that is not the server's (a proxy's 502 page) shows the ✖ message, keeps the input, and a retry stores one inquiry",
    async () => {
      const { context, page, errors } = await visit("phone", "/Promotion/Customer");
      try {
        await page.route("**/api/leads*", (route) =>
          route.fulfill({
            status: 502,
            contentType: "text/html",
            body: "<html><body>502 Bad Gateway</body></html>",
          }),
        );
        const f = fields(page.locator("main"));
        const phone = newPhone();
        await f.name.fill("프록시");
        await f.phone.fill(phone);
        await f.message.fill("남긴 글");
        await f.consent.check();
        await humanPause(page);
        await f.submit.click();
        await expect.poll(() => f.status.textContent()).toBe(RESULT_MESSAGES.inquiry.failed);
        expect(await f.name.inputValue()).toBe("프록시");
        expect(await f.message.inputValue()).toBe("남긴 글");
        expect(await f.consent.isChecked()).toBe(true);
        expect(await storedWithPhone(phone)).toHaveLength(0);

        await page.unroute("**/api/leads*");
        await f.submit.click();
        await expect.poll(() => f.status.textContent()).toBe(RESULT_MESSAGES.inquiry.success);
        expect(await storedWithPhone(phone)).toHaveLength(1);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  testOnce("the message counter follows the typing and warns past 2,000 characters", async () => {
    const { context, page } = await visit("desktop", "/Promotion/Customer");
    try {
      const f = fields(page.locator("main"));
      const counter = page.locator("main .field-hint");
      expect(await counter.textContent()).toBe("0 / 2,000자");
      await f.message.fill("문".repeat(2001));
      await expect.poll(() => counter.textContent()).toBe("2,001 / 2,000자");
      expect(await counter.getAttribute("data-over")).toBe("true");
      await f.message.fill("문의");
      await expect.poll(() => counter.textContent()).toBe("2 / 2,000자");
      expect(await counter.getAttribute("data-over")).toBeNull();
    } finally {
      await context.close();
    }
  });

  testOnce("a double click on 등록하기 stores one inquiry", async () => {
    const { context, page } = await visit("desktop", "/Promotion/Customer");
    try {
      const f = fields(page.locator("main"));
      const phone = newPhone();
      await f.name.fill("두번클릭");
      await f.phone.fill(phone);
      await f.consent.check();
      await humanPause(page);
      await f.submit.dblclick();
      await expect.poll(() => f.status.textContent()).toBe(RESULT_MESSAGES.inquiry.success);
      expect(await storedWithPhone(phone)).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  testOnce(
    "sent with the keyboard, 등록하기 keeps the focus while the form is sent and after the answer; a second Enter sends nothing",
    async () => {
      const { context, page, errors } = await visit("desktop", "/Promotion/Customer");
      try {
        // The answer held back a moment, as on a slow connection.
        await page.route("**/api/leads*", async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          await route.continue();
        });
        const posts: string[] = [];
        page.on("request", (r) => {
          if (r.method() === "POST") posts.push(new URL(r.url()).pathname);
        });
        const f = fields(page.locator("main"));
        const phone = newPhone();
        await f.name.fill("키보드문의");
        await f.phone.fill(phone);
        await f.consent.check();
        await humanPause(page);
        await f.submit.focus();
        // The button by what it is, not by its label (등록중… while the form is sent).
        const button = page.locator('main form button[type="submit"]');
        await page.keyboard.press("Enter");
        await expect.poll(() => button.getAttribute("aria-disabled")).toBe("true");
        const focusedLabel = () => page.evaluate(() => document.activeElement?.textContent?.trim());
        expect(await focusedLabel()).toBe("등록중…");
        await page.keyboard.press("Enter");
        await expect.poll(() => f.status.textContent()).toBe(RESULT_MESSAGES.inquiry.success);
        expect(await button.getAttribute("aria-disabled")).toBeNull();
        expect(await focusedLabel()).toBe("등록하기");
        expect(posts).toEqual(["/api/leads"]);
        expect(await storedWithPhone(phone)).toHaveLength(1);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  testOnce("a network failure shows the ⚠ message and keeps the input", async () => {
    const { context, page, errors } = await visit("phone", "/Promotion/Customer");
    try {
      const f = fields(page.locator("main"));
      const phone = newPhone();
      await f.name.fill("네트워크");
      await f.phone.fill(phone);
      await f.consent.check();
      await humanPause(page);
      await context.setOffline(true);
      await f.submit.click();
      await expect.poll(() => f.status.textContent()).toBe(RESULT_MESSAGES.inquiry.network);
      expect(await f.name.inputValue()).toBe("네트워크");
      await context.setOffline(false);
      expect(await storedWithPhone(phone)).toHaveLength(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describeOnce("bad input", () => {
  const cases = [
    { what: "an empty name", field: "name", values: { name: "" }, message: MESSAGES.nameRequired },
    {
      what: "a 31-character name",
      field: "name",
      values: { name: "가".repeat(31) },
      message: MESSAGES.nameTooLong,
    },
    {
      what: "a phone number 12345",
      field: "phone",
      values: { phone: "12345" },
      message: MESSAGES.phoneInvalid,
    },
    {
      what: "a message over 2,000 characters",
      field: "message",
      values: { message: "문".repeat(2001) },
      message: MESSAGES.messageTooLong,
    },
    {
      what: "a web address in the name",
      field: "name",
      values: { name: "http://spam.example" },
      message: MESSAGES.nameChars,
    },
    {
      what: "a control character in the name",
      field: "name",
      values: { name: "홍\u0007길동" },
      message: MESSAGES.nameChars,
    },
    {
      what: "no consent",
      field: "consent",
      values: { consent: "" },
      message: MESSAGES.consentRequired,
    },
  ] as const;

  test("with JavaScript, each bad field gets its Korean message next to it, the input stays, nothing is stored", async () => {
    const { context, page, errors } = await visit("phone", "/Promotion/Customer");
    try {
      const f = fields(page.locator("main"));
      const before = (await exportLeads()).length;
      // The fill time counts from the page's start: one pause covers every case.
      await humanPause(page);
      for (const c of cases) {
        const phone = newPhone();
        const v = { name: "정상이름", phone, message: "문의", consent: "on", ...c.values };
        await f.name.fill(v.name);
        await f.phone.fill(v.phone);
        await f.message.fill(v.message);
        await f.consent.setChecked(v.consent === "on");
        await f.submit.click();
        const field = f[c.field];
        await expect.poll(() => description(field), { message: c.what }).toContain(c.message);
        expect(await field.getAttribute("aria-invalid"), c.what).toBe("true");
        if (c.field !== "consent") expect(await field.inputValue(), c.what).toBe(v[c.field]);
        expect(await f.status.isHidden(), `${c.what}: no result message`).toBe(true);
      }
      expect(await exportLeads()).toHaveLength(before);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("a message does not move the fields below it while the visitor acts: a bad phone, then a click on the consent box checks it", async () => {
    for (const [viewport, path] of [
      ["phone", "/Promotion/Customer"],
      ["desktop", "/register"],
    ] as const) {
      const { context, page, errors } = await visit(viewport, path);
      try {
        const f = fields(page.locator("main"));
        await f.name.fill("정상이름");
        await f.phone.fill("010-1234");
        // Where the box is on the page (not in the viewport: a click may scroll it into view).
        const top = () =>
          f.consent.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
        const before = await top();
        // The click blurs the phone field first; the consent box must still be where it was.
        await f.consent.click();
        expect(await f.consent.isChecked(), `${path}: the click reached the box`).toBe(true);
        expect(await top(), path).toBe(before);
        // On sending, the message shows next to the field.
        await humanPause(page);
        await f.submit.click();
        await expect.poll(() => description(f.phone)).toContain(MESSAGES.phoneInvalid);
        // Correcting the field takes the message away as the visitor types, without moving the box.
        const shown = await top();
        await f.phone.fill(newPhone());
        await expect.poll(() => description(f.phone)).not.toContain(MESSAGES.phoneInvalid);
        expect(await top(), path).toBe(shown);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  test("without JavaScript the server decides: the page comes back with the message next to the field and the input kept", async () => {
    const { context, page } = await visit("desktop", "/Promotion/Customer", {
      javaScriptEnabled: false,
    });
    try {
      // The browser's own `required` check stops empty fields; these pass it and reach the server.
      for (const c of cases.filter((c) => c.field !== "consent" && c.what !== "an empty name")) {
        await page.goto(server.url + "/Promotion/Customer");
        const f = fields(page.locator("main"));
        const phone = newPhone();
        const v = { name: "정상이름", phone, message: "문의", ...c.values };
        await f.name.fill(v.name);
        await f.phone.fill(v.phone);
        await f.message.fill(v.message);
        await f.consent.check();
        const [response] = await Promise.all([
          page.waitForResponse((r) => r.request().method() === "POST"),
          f.submit.click(),
        ]);
        expect(response.status(), c.what).toBe(400);
        await page.waitForLoadState("load");
        const field = f[c.field as "name" | "phone" | "message"];
        expect(await description(field), c.what).toContain(c.message);
        expect(await field.inputValue(), c.what).toBe(v[c.field as "name" | "phone" | "message"]);
        expect(await f.consent.isChecked(), `${c.what}: consent kept`).toBe(true);
      }
    } finally {
      await context.close();
    }
  });

  test.each(cases)(
    "a form post with $what answers 400 with the message, and stores nothing",
    async (c) => {
      const phone = newPhone();
      const v: Record<string, string> = {
        name: "정상이름",
        phone,
        message: "문의",
        privacyConsent: "on",
      };
      for (const [k, value] of Object.entries(c.values))
        v[k === "consent" ? "privacyConsent" : k] = value;
      const res = await post("/Promotion/Customer", v);
      expect(res.status).toBe(400);
      const html = readableHtml(await res.text());
      expect(html).toContain(`class="field-error">${c.message}<`);
      expect(await storedWithPhone(phone)).toHaveLength(0);
    },
  );
});

describeOnce("bots and repeats", () => {
  test("a filled honeypot gets the success message, and nothing is stored", async () => {
    const { context, page } = await visit("desktop", "/Promotion/Customer");
    try {
      const f = fields(page.locator("main"));
      const phone = newPhone();
      await f.name.fill("봇");
      await f.phone.fill(phone);
      await f.consent.check();
      await page
        .locator(`input[name="${HONEYPOT_FIELD}"]`)
        .evaluate((el) => ((el as HTMLInputElement).value = "http://spam.example"));
      await humanPause(page);
      await f.submit.click();
      await expect.poll(() => f.status.textContent()).toBe(RESULT_MESSAGES.inquiry.success);
      expect(await storedWithPhone(phone)).toHaveLength(0);
    } finally {
      await context.close();
    }
    const phone = newPhone();
    const res = await post("/register", { name: "봇", phone, [HONEYPOT_FIELD]: "x" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(RESULT_MESSAGES.popup.success);
    expect(await storedWithPhone(phone)).toHaveLength(0);
  });

  test("the same form sent twice with one idempotency key is stored once, and both answers say success", async () => {
    const phone = newPhone();
    const body = { name: "재전송", phone, idempotencyKey: "5d0c9a1e-0000-4000-8000-000000000001" };
    const first = await post("/register", body);
    const second = await post("/register", body);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await second.text()).toContain(RESULT_MESSAGES.popup.success);
    expect(await storedWithPhone(phone)).toHaveLength(1);
  });

  test("the prerendered pages carry no idempotency key; the browser makes one after hydration", async () => {
    for (const path of ["/register", "/Promotion/Customer"]) {
      const html = await (await fetch(server.url + path)).text();
      expect(html, path).toMatch(/name="idempotencyKey" value=""/);
    }
    const { context, page } = await visit("desktop", "/register");
    try {
      const key = await page.locator('main input[name="idempotencyKey"]').inputValue();
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      await context.close();
    }
  });

  test("the third form within the limit answers 429 with the Korean message (LEADS_RATE_LIMIT=2)", async () => {
    const limited = await startServer({ LEADS_RATE_LIMIT: "2" });
    try {
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 3; i++) {
        // As sent through a proxy on this machine (trusted): the counter is the forwarded address's.
        last = await fetch(limited.url + "/register", {
          method: "POST",
          body: formBody({ name: "연속등록", phone: newPhone() }),
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            "X-Forwarded-For": "203.0.113.9",
          },
        });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await last!.text()).toContain(RESULT_MESSAGES.rateLimited);
      expect(await exportLeads(limited)).toHaveLength(2);

      // In the popup a visitor (another address) reads the same message at their third try.
      const { context, page } = await openPage(browser, "desktop");
      try {
        await page.goto(limited.url + "/Brand/intro");
        await hydrated(page);
        await page.locator(".header-phone").click();
        const f = fields(popup(page));
        for (let i = 0; i < 3; i++) {
          if (i > 0)
            await popup(page)
              .getByRole("button", { name: /확인|다시 입력하기/ })
              .click();
          if (i > 0) await page.locator(".header-phone").click();
          await f.name.fill("연속등록");
          await f.phone.fill(newPhone());
          await f.consent.check();
          await humanPause(page);
          await f.submit.click();
          // Each answer read before the next try (a message still shown from the last one is not it).
          await expect
            .poll(() => f.status.textContent(), { timeout: 15_000 })
            .toContain(i < 2 ? RESULT_MESSAGES.popup.success : RESULT_MESSAGES.rateLimited);
        }
      } finally {
        await context.close();
      }
    } finally {
      await limited.stop();
    }
  });
});

test("a registration answered as a success survives the server being killed right after", async () => {
  const first = await startServer();
  const dataDir = first.dataDir;
  let killed = false;
  let second: RunningServer | undefined;
  try {
    const phone = newPhone();
    const res = await fetch(first.url + "/register", {
      method: "POST",
      body: formBody({ name: "내구성", phone }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(RESULT_MESSAGES.popup.success);
    await first.stop("SIGKILL");
    killed = true;

    second = await startServer({}, { dataDir });
    const stored = await storedWithPhone(phone, second);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.이름).toBe("내구성");
  } finally {
    if (!killed) await first.stop("SIGKILL");
    await second?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
