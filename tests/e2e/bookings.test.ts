import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { content, describeOnce, menuEntry, testOnce } from "./support/sites";
import { RESULT_MESSAGES } from "~/leads/lead-form";
import {
  formatSlot,
  formatVisitDate,
  VISIT_SLOTS_PATH,
  type Availability,
  type DayAvailability,
} from "~/bookings/visit-slots";
import { startReceiver } from "~/outbox/test-receiver";
import { seriousA11yViolations } from "./support/a11y";
import {
  backTo,
  hydrated,
  launchBrowser,
  openPage,
  useCachingBrowser,
  VIEWPORTS,
} from "./support/browser";
import { exportLeads, fields, humanPause, popup, storedWithPhone } from "./support/leads";
import { startServer, type RunningServer } from "./support/server";
import { withServerDb } from "./support/server-db";

/*
 * Visit booking by time slot, where leads come from, and staff alerts, as visitors and staff meet
 * them: the popup's slot picker, the SMS (read from a local SMS gateway), the booking page, the
 * operator's export and the webhook.
 */

const STAFF_PHONE = "010-9000-0001";
const capacity = content.modelHouse.visits.capacityPerSlot;

let server: RunningServer;
let browser: Browser;
let gateway: Awaited<ReturnType<typeof startReceiver>>;
let hook: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  [gateway, hook] = await Promise.all([startReceiver(200), startReceiver(200)]);
  [server, browser] = await Promise.all([
    startServer({
      SMS_GATEWAY_URL: gateway.url("/sms"),
      LEADS_WEBHOOK_URL: hook.url("/hook"),
      STAFF_ALERT_PHONES: STAFF_PHONE,
      OUTBOX_POLL_MS: "100",
      LEADS_RATE_LIMIT: "1000",
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await gateway?.close();
  await hook?.close();
});

let phoneSeq = 1000;
const newPhone = () => `010-6${String(process.pid % 1000).padStart(3, "0")}-${String(phoneSeq++)}`;

type Sms = { to: string; text: string };
const smsTo = (phone: string): Sms[] =>
  gateway.requests.map((r) => JSON.parse(r.body) as Sms).filter((m) => m.to === phone);

async function availability(): Promise<Availability> {
  const res = await fetch(server.url + VISIT_SLOTS_PATH);
  expect(res.headers.get("cache-control")).toBe("no-store");
  return (await res.json()) as Availability;
}

/** A slot of a day ahead that nobody has booked yet: the day's last one. */
async function freshSlot(dayIndex: number): Promise<{ day: DayAvailability; time: string }> {
  const day = (await availability()).days[dayIndex]!;
  const slot = day.slots[day.slots.length - 1]!;
  expect(slot).toMatchObject({ state: "open", left: capacity });
  return { day, time: slot.time };
}

/** Books a seat as a visitor without JavaScript would: a plain form post to /register. */
async function postBooking(date: string, time: string, name = "방문객") {
  return fetch(server.url + "/register", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      kind: "visit",
      source: "/register",
      name,
      phone: newPhone(),
      privacyConsent: "on",
      visitDate: date,
      visitTime: time,
    }),
  });
}

/**
 * Opens the popup from the header's phone button (the bottom bar on a phone). Waits for the page's
 * script first: a tap before it has attached is a plain link to /register, as without JavaScript.
 */
async function openPopup(page: Page) {
  const phone = (page.viewportSize()?.width ?? 1440) < 900;
  await hydrated(page);
  await page.locator(phone ? ".bottom-bar-reserve" : ".header-phone").click();
  const dialog = popup(page);
  await expect.poll(() => dialog.isVisible()).toBe(true);
  return dialog;
}

const timeRadio = (scope: ReturnType<typeof popup>, time: string) =>
  scope.getByRole("radio", { name: new RegExp(`^${time}`) });

describe("visit booking by time slot", () => {
  test("the last seat is booked from the popup, shows as full in another browser, and is free again after cancelling through the SMS link", async () => {
    const { day, time } = await freshSlot(2);
    const slotName = formatSlot(`${day.date}T${time}`);
    for (let i = 0; i < capacity - 1; i++)
      expect((await postBooking(day.date, time)).status).toBe(200);

    const a = await openPage(browser, "desktop");
    const b = await openPage(browser, "phone");
    try {
      // Visitor A books the last seat from the popup.
      await a.page.goto(server.url + "/Brand/intro");
      await hydrated(a.page);
      const dialog = await openPopup(a.page);
      const f = fields(dialog);
      const phone = newPhone();
      await f.name.fill("마지막석");
      await f.phone.fill(phone);
      await dialog.getByRole("radio", { name: formatVisitDate(day.date) }).check();
      const radio = timeRadio(dialog, time);
      expect(await radio.evaluate((el) => el.closest("label")?.textContent)).toBe(`${time}잔여 1`);
      await radio.check();
      expect(await dialog.locator(".visit-chosen").textContent()).toContain(slotName);
      expect(await seriousA11yViolations(a.page, "popup with slots", ".reg-dialog")).toEqual([]);
      await f.consent.check();
      await humanPause(a.page);
      await f.submit.click();
      await expect.poll(() => f.status.textContent()).toContain(RESULT_MESSAGES.popup.success);
      expect(await f.status.textContent()).toContain(`방문 예약 일시: ${slotName}`);

      // Visitor B, in another browser, finds the slot full and cannot choose it.
      await b.page.goto(server.url + "/register");
      await hydrated(b.page);
      const form = b.page.locator("main");
      await form.getByRole("radio", { name: formatVisitDate(day.date) }).check();
      const full = timeRadio(form as unknown as ReturnType<typeof popup>, time);
      expect(await full.isDisabled()).toBe(true);
      expect(await full.evaluate((el) => el.closest("label")?.textContent)).toBe(`${time}마감`);

      // Visitor A reads the confirmation SMS: no advertising, the time, the address, the link.
      await expect.poll(() => smsTo(phone).length, { timeout: 10_000 }).toBeGreaterThan(0);
      const confirmation = smsTo(phone).find((m) => m.text.includes("/b/"))!;
      expect(confirmation.text).not.toContain("(광고)");
      expect(confirmation.text).toContain(slotName);
      expect(confirmation.text).toContain(content.identity.modelHouseAddress);
      const link = /(http\S+\/b\/[A-Za-z0-9_-]+)/.exec(confirmation.text)![1]!;

      // The booking page: time and place, and a cancel button.
      await a.page.goto(link);
      await hydrated(a.page);
      const main = a.page.locator("main");
      expect(await main.locator(".booking-slot").textContent()).toBe(slotName);
      expect(await main.textContent()).toContain(content.identity.modelHouseAddress);
      expect(await seriousA11yViolations(a.page, "booking page")).toEqual([]);
      // Cancelled with the keyboard: the button goes with the booking, the focus to the answer.
      await main.getByRole("button", { name: "예약 취소하기" }).focus();
      await a.page.keyboard.press("Enter");
      await expect
        .poll(() => main.getByRole("status").textContent())
        .toContain("방문 예약이 취소되었습니다");
      await expect.poll(() => main.locator(".booking-status").textContent()).toBe("취소된 예약");
      // The answer is a page load (this page is not hydrated): the browser applies its autofocus
      // at a rendering step after the text is shown, so the focus is waited for as the text is.
      await expect
        .poll(() => a.page.evaluate(() => document.activeElement?.getAttribute("role")), {
          message: "the focus is on the answer, not lost to the page",
        })
        .toBe("status");

      // The seat is free again for visitor B.
      await b.page.reload();
      await hydrated(b.page);
      await form.getByRole("radio", { name: formatVisitDate(day.date) }).check();
      const free = timeRadio(form as unknown as ReturnType<typeof popup>, time);
      expect(await free.isDisabled()).toBe(false);
      expect(await free.evaluate((el) => el.closest("label")?.textContent)).toBe(`${time}잔여 1`);

      // The operator's export shows the booking and its cancellation.
      const [stored] = await storedWithPhone(server, phone);
      expect(stored).toMatchObject({ 구분: "방문예약", 이름: "마지막석" });
      expect(stored!["방문예약일시 (KST)"]).toBe(`${day.date} ${time}`);
      expect(stored!["예약취소일시 (KST)"]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(a.errors).toEqual([]);
      expect(b.errors).toEqual([]);
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });

  testOnce(
    "with JavaScript, a visitor who loses the last seat to another is told so next to the choice, offered the next free slot and keeps the input",
    async () => {
      const { day, time } = await freshSlot(4);
      for (let i = 0; i < capacity - 1; i++)
        expect((await postBooking(day.date, time)).status).toBe(200);
      const { context, page, errors } = await openPage(browser, "phone");
      try {
        await page.goto(server.url + "/Brand/intro");
        await hydrated(page);
        const dialog = await openPopup(page);
        const f = fields(dialog);
        const phone = newPhone();
        await f.name.fill("아쉬운분");
        await f.phone.fill(phone);
        await dialog.getByRole("radio", { name: formatVisitDate(day.date) }).check();
        await timeRadio(dialog, time).check();
        await f.consent.check();
        // Someone else takes the last seat meanwhile.
        expect((await postBooking(day.date, time)).status).toBe(200);
        await humanPause(page);
        await f.submit.click();

        const message = dialog.locator(".visit-picker .field-error:not([data-resolved])");
        await expect
          .poll(() => message.textContent())
          .toContain(
            `선택하신 시간(${formatSlot(`${day.date}T${time}`)})은 예약이 마감되었습니다.`,
          );
        expect(await f.name.inputValue()).toBe("아쉬운분");
        expect(await f.phone.inputValue()).toBe(phone);
        expect(await f.consent.isChecked()).toBe(true);
        // The offered slot is the one now chosen (the day's last slot was full: a later day's).
        const chosen = await dialog.locator(".visit-chosen strong").textContent();
        expect(await message.textContent()).toContain(`가장 가까운 예약 가능 시간(${chosen})`);
        expect(await storedWithPhone(server, phone)).toHaveLength(0);

        await f.submit.click();
        await expect.poll(() => f.status.textContent()).toContain(`방문 예약 일시: ${chosen}`);
        expect(await storedWithPhone(server, phone)).toHaveLength(1);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  testOnce(
    "without JavaScript, a full slot comes back with a Korean message and the next free slot filled in, the input kept; one more click books it",
    async () => {
      const { day, time } = await freshSlot(3);
      for (let i = 0; i < capacity; i++)
        expect((await postBooking(day.date, time)).status).toBe(200);

      const { context, page } = await openPage(browser, "phone", { javaScriptEnabled: false });
      try {
        await page.goto(server.url + "/register");
        const main = page.locator("main");
        const f = fields(main);
        const phone = newPhone();
        await f.name.fill("무자바");
        await f.phone.fill(phone);
        await main.getByLabel("방문 희망일").fill(day.date);
        await main.getByLabel("방문 희망 시간").selectOption(time);
        await f.consent.check();
        const [response] = await Promise.all([
          page.waitForResponse((r) => r.request().method() === "POST"),
          f.submit.click(),
        ]);
        expect(response.status()).toBe(409);
        await page.waitForLoadState("load");
        const message = await main.locator(".visit-picker .field-error").textContent();
        expect(message).toContain(
          `선택하신 시간(${formatSlot(`${day.date}T${time}`)})은 예약이 마감되었습니다.`,
        );
        expect(message).toContain("가장 가까운 예약 가능 시간(");
        expect(await f.name.inputValue()).toBe("무자바");
        expect(await f.phone.inputValue()).toBe(phone);
        expect(await f.consent.isChecked()).toBe(true);
        const offeredDate = await main.getByLabel("방문 희망일").inputValue();
        const offeredTime = await main.getByLabel("방문 희망 시간").inputValue();
        // The day's last slot was full: the next free one is on a later day.
        expect(offeredDate > day.date).toBe(true);
        expect(message).toContain(formatSlot(`${offeredDate}T${offeredTime}`));
        expect(await storedWithPhone(server, phone)).toHaveLength(0);

        await Promise.all([page.waitForLoadState("load"), f.submit.click()]);
        await page.waitForURL(/\/register$/);
        expect(await f.status.textContent()).toContain(
          `방문 예약 일시: ${formatSlot(`${offeredDate}T${offeredTime}`)}`,
        );
        const [stored] = await storedWithPhone(server, phone);
        expect(stored!["방문예약일시 (KST)"]).toBe(`${offeredDate} ${offeredTime}`);
      } finally {
        await context.close();
      }
    },
  );

  testOnce(
    "the booking page is private: noindex, never cached, and an unknown token shows nothing but a Korean notice",
    async () => {
      const res = await fetch(server.url + "/b/AAAAAAAAAAAAAAAAAAAAAAAA");
      expect(res.status).toBe(404);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      // No Referer to other sites; a same-origin one, so the cancel form's POST carries its Origin.
      // (The site-wide policy comes first in the header; a browser applies the last one it knows.)
      expect(res.headers.get("referrer-policy")?.split(",").pop()?.trim()).toBe("same-origin");
      const html = await res.text();
      expect(html).toContain("예약을 찾을 수 없습니다");
      expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
      expect(html).not.toContain(content.identity.modelHouseAddress);
    },
  );
});

/** What has the keyboard focus: a control's name, value and state, or an element's text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement;
    return a instanceof HTMLInputElement
      ? { name: a.name, value: a.value, checked: a.checked }
      : { tag: a?.tagName.toLowerCase(), text: a?.textContent?.trim().slice(0, 40) };
  });

type Focused = Awaited<ReturnType<typeof focused>>;

/** Presses Tab until the focus is on what `wanted` says (as a visitor tabs through a form). */
async function tabTo(page: Page, wanted: (f: Focused) => boolean, what: string) {
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Tab");
    if (wanted(await focused(page))) return;
  }
  throw new Error(`Tab never reached ${what} (last: ${JSON.stringify(await focused(page))})`);
}

/** The first day after today with two open slots in a row. */
async function dayWithTwoOpenSlots() {
  const { days } = await availability();
  const open = (d: DayAvailability, i: number) => d.slots[i]?.state === "open";
  const pairAt = (d: DayAvailability) => d.slots.findIndex((_, i) => open(d, i) && open(d, i + 1));
  // Never today: a slot of today can begin while the test runs (it then reads 지남, not 마감).
  const todayInKorea = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
  const index = days.findIndex((d) => d.date > todayInKorea && pairAt(d) >= 0);
  expect(index).toBeGreaterThanOrEqual(0);
  const day = days[index]!;
  const at = pairAt(day);
  return {
    days,
    index,
    day,
    openTimes: day.slots.filter((s) => s.state === "open").map((s) => s.time),
    pair: [day.slots[at]!.time, day.slots[at + 1]!.time] as const,
  };
}

describeOnce("the visit slot picker by keyboard", () => {
  test.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])(
    "at the %s width, a visitor opens the popup, chooses a day and a time with the arrow keys without losing the place, clears the choice, chooses again and books, all by keyboard",
    async (viewport) => {
      const { days, index, day, openTimes } = await dayWithTwoOpenSlots();
      const { context, page, errors } = await openPage(browser, viewport);
      try {
        await page.goto(server.url + "/Brand/intro");
        await hydrated(page);
        const trigger = viewport === "phone" ? ".bottom-bar-reserve" : ".header-phone";
        await page.locator(trigger).focus();
        await page.keyboard.press("Enter");
        const dialog = popup(page);
        await expect.poll(() => dialog.isVisible()).toBe(true);
        expect(await focused(page)).toMatchObject({ name: "name" });
        // The live days replace the plain date field once the seats are read.
        await dialog.getByRole("radiogroup", { name: "방문 희망일" }).waitFor();
        const phone = newPhone();
        await page.keyboard.type("키보드");
        await page.keyboard.press("Tab");
        expect(await focused(page)).toMatchObject({ name: "phone" });
        await page.keyboard.type(phone);

        // The days: Tab reaches the first, the arrows choose.
        await tabTo(page, (f) => f.name === "visitDate", "the days");
        expect(await focused(page)).toEqual({
          name: "visitDate",
          value: days[0]!.date,
          checked: false,
        });
        const chooseDay = async (from: number) => {
          if (index === from) await page.keyboard.press("Space");
          for (let i = from; i < index; i++) await page.keyboard.press("ArrowRight");
          expect(await focused(page)).toEqual({
            name: "visitDate",
            value: day.date,
            checked: true,
          });
        };
        await chooseDay(0);
        const times = dialog.getByRole("radiogroup", {
          name: `${formatVisitDate(day.date)} 방문 시간`,
        });
        await expect.poll(() => times.isVisible()).toBe(true);

        // The times: Tab reaches the first open one; each arrow chooses the next and keeps the focus.
        const chosen = dialog.locator(".visit-chosen");
        const next = (time: string) => openTimes[(openTimes.indexOf(time) + 1) % openTimes.length]!;
        await page.keyboard.press("Tab");
        expect(await focused(page)).toEqual({
          name: "visitTime",
          value: openTimes[0],
          checked: false,
        });
        let time = openTimes[0]!;
        for (const step of [1, 2]) {
          await page.keyboard.press("ArrowRight");
          time = next(time);
          expect(await focused(page), `after → number ${step}`).toEqual({
            name: "visitTime",
            value: time,
            checked: true,
          });
          expect(await chosen.textContent()).toContain(
            `선택한 일시: ${formatSlot(`${day.date}T${time}`)}`,
          );
        }

        // 선택 해제: the choice goes and the focus lands on the first day, not on the page.
        await page.keyboard.press("Tab");
        expect(await focused(page)).toEqual({ tag: "button", text: "선택 해제" });
        await page.keyboard.press("Enter");
        expect(await focused(page)).toEqual({
          name: "visitDate",
          value: days[0]!.date,
          checked: false,
        });
        expect(await dialog.locator("input[name=visitDate]:checked").count()).toBe(0);
        expect(await times.count()).toBe(0);
        expect(await chosen.count()).toBe(0);

        // Chosen again: Space takes the first open time, an arrow the one after it.
        await chooseDay(0);
        await page.keyboard.press("Tab");
        await page.keyboard.press("Space");
        expect(await focused(page)).toEqual({
          name: "visitTime",
          value: openTimes[0],
          checked: true,
        });
        await page.keyboard.press("ArrowRight");
        const booked = openTimes[1]!;
        expect(await focused(page)).toEqual({ name: "visitTime", value: booked, checked: true });
        const slotName = formatSlot(`${day.date}T${booked}`);
        expect(await chosen.textContent()).toContain(`선택한 일시: ${slotName}`);

        await tabTo(page, (f) => f.name === "privacyConsent", "the consent");
        await page.keyboard.press("Space");
        expect(await focused(page)).toMatchObject({ name: "privacyConsent", checked: true });
        await humanPause(page);
        await tabTo(page, (f) => f.tag === "button" && f.text === "등록하기", "the submit button");
        await page.keyboard.press("Enter");
        const f = fields(dialog);
        await expect.poll(() => f.status.textContent()).toContain(RESULT_MESSAGES.popup.success);
        expect(await f.status.textContent()).toContain(`방문 예약 일시: ${slotName}`);
        const [stored] = await storedWithPhone(server, phone);
        expect(stored!["방문예약일시 (KST)"]).toBe(`${day.date} ${booked}`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  test("seats read again while a time has the focus (after a lost seat) change in place: the focused radio stays the same element", async () => {
    const { day, pair } = await dayWithTwoOpenSlots();
    const [taken, offered] = pair;
    const left = (await availability()).days
      .find((d) => d.date === day.date)!
      .slots.find((s) => s.time === taken)!.left;
    for (let i = 0; i < left - 1; i++)
      expect((await postBooking(day.date, taken)).status).toBe(200);
    const { context, page, errors } = await openPage(browser, "desktop");
    try {
      await page.goto(server.url + "/Brand/intro");
      const dialog = await openPopup(page);
      const f = fields(dialog);
      await f.name.fill("새로고침");
      await f.phone.fill(newPhone());
      await dialog.getByRole("radio", { name: formatVisitDate(day.date) }).check();
      await timeRadio(dialog, taken).check();
      await f.consent.check();
      // Someone else takes the last seat; our answer's re-read of the seats is held back a moment.
      expect((await postBooking(day.date, taken)).status).toBe(200);
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**${VISIT_SLOTS_PATH}`, async (route) => {
        await held;
        await route.continue();
      });
      await humanPause(page);
      await f.submit.click();

      // The next free slot is chosen and focused, the seats still as first read.
      await expect
        .poll(() => focused(page))
        .toEqual({ name: "visitTime", value: offered, checked: true });
      const takenLabel = timeRadio(dialog, taken).locator("xpath=..");
      expect(await takenLabel.textContent()).toBe(`${taken}잔여 1`);
      await page.evaluate(() => {
        (window as unknown as { picked: Element | null }).picked = document.activeElement;
      });

      release();
      await expect.poll(() => takenLabel.textContent()).toBe(`${taken}마감`);
      expect(
        await page.evaluate(
          () => document.activeElement === (window as unknown as { picked: Element }).picked,
        ),
      ).toBe(true);
      expect(await focused(page)).toEqual({ name: "visitTime", value: offered, checked: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describeOnce("the browser's back/forward cache", () => {
  // A visitor's browser shows a page again on Back as it was left (playwright-core's does not,
  // unless asked): the seats it shows must be those left now.
  const cachingBrowser = useCachingBrowser();

  test("Back to the registration page kept in the browser shows the seats left now, not those when it was left", async () => {
    const { day, time } = await freshSlot(5);
    const { context, page, errors } = await openPage(cachingBrowser(), "desktop");
    try {
      await page.goto(server.url + "/register");
      await hydrated(page);
      const form = page.locator("main") as unknown as ReturnType<typeof popup>;
      await form.getByRole("radio", { name: formatVisitDate(day.date) }).check();
      const seats = () => timeRadio(form, time).evaluate((el) => el.closest("label")?.textContent);
      expect(await seats()).toBe(`${time}잔여 ${capacity}`);
      await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));

      await page.goto(server.url + "/privacy");
      // Someone books a seat of that slot meanwhile.
      expect((await postBooking(day.date, time)).status).toBe(200);
      await backTo(page, form.getByRole("radio", { name: formatVisitDate(day.date) }));
      // Shown from the browser's cache (a page loaded anew would not have this), the day still chosen.
      expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
      expect(await form.getByRole("radio", { name: formatVisitDate(day.date) }).isChecked()).toBe(
        true,
      );
      await expect.poll(seats).toBe(`${time}잔여 ${capacity - 1}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describeOnce("where leads come from", () => {
  test("a lead from a page opened with ?utm_source=naver&utm_campaign=open_day carries both into the export and the webhook; a 5,000-character utm_campaign is left out", async () => {
    const send = async (query: string, name: string) => {
      const { context, page, errors } = await openPage(browser, "desktop");
      try {
        await page.goto(`${server.url}/Brand/intro?${query}`);
        await hydrated(page);
        // The first touch survives moving on to another page of the site.
        await page
          .getByRole("link", { name: menuEntry("/Brand/video").item.title })
          .first()
          .click();
        await page.waitForURL(/\/Brand\/video$/);
        const dialog = await openPopup(page);
        const f = fields(dialog);
        const phone = newPhone();
        await f.name.fill(name);
        await f.phone.fill(phone);
        await f.consent.check();
        await humanPause(page);
        await f.submit.click();
        await expect.poll(() => f.status.textContent()).toContain(RESULT_MESSAGES.popup.success);
        expect(errors).toEqual([]);
        return phone;
      } finally {
        await context.close();
      }
    };

    const phone = await send("utm_source=naver&utm_campaign=open_day", "네이버유입");
    const [stored] = await storedWithPhone(server, phone);
    expect(stored).toMatchObject({
      utm_source: "naver",
      utm_campaign: "open_day",
      접수페이지: "/Brand/video",
    });
    await expect
      .poll(
        () =>
          hook.requests
            .map((r) => JSON.parse(r.body) as Record<string, unknown>)
            .find((b) => b.phone === phone),
        {
          timeout: 10_000,
        },
      )
      .toMatchObject({ utm_source: "naver", utm_campaign: "open_day", source: "/Brand/video" });

    const long = await send(`utm_source=naver&utm_campaign=${"x".repeat(5000)}`, "긴캠페인");
    const [kept] = await storedWithPhone(server, long);
    expect(kept).toMatchObject({ 이름: "긴캠페인", utm_source: "naver", utm_campaign: "" });
  });
});

describeOnce("staff alerts", () => {
  test("every lead alerts the staff phone; with the SMS gateway down the lead is stored and the alert arrives once it is back", async () => {
    const alertsAbout = (phone: string) => smsTo(STAFF_PHONE).filter((m) => m.text.includes(phone));
    const register = async (name: string) => {
      const phone = newPhone();
      const answer = await fetch(server.url + "/register", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          kind: "visit",
          source: "/",
          name,
          phone,
          privacyConsent: "on",
        }),
      });
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain(RESULT_MESSAGES.popup.success);
      return phone;
    };

    const first = await register("알림확인");
    await expect.poll(() => alertsAbout(first).length, { timeout: 10_000 }).toBe(1);
    const [alert] = alertsAbout(first);
    expect(alert!.text.split("\n")).toEqual([
      `[${content.identity.name}] 새 방문예약`,
      `알림확인 ${first}`,
      "유입: /",
    ]);
    expect(alert!.text).not.toContain("(광고)");

    await gateway.down();
    let down = true;
    try {
      const second = await register("게이트웨이다운");
      expect(await storedWithPhone(server, second)).toHaveLength(1);
      // The worker tries, fails, and keeps the alert for a retry.
      await expect
        .poll(() => server.output(), { timeout: 10_000 })
        .toMatch(/\[outbox\] sms \S+ 전송 실패/);
      expect(alertsAbout(second)).toHaveLength(0);
      await gateway.up();
      down = false;
      // The outbox's back-off (30 s before the first retry, app/outbox/outbox.server.ts) as if it had
      // passed: what is checked here is that the kept alert is sent once the gateway is back.
      await withServerDb(server, (db) =>
        db.run(
          "UPDATE outbox SET next_attempt_at = $1 WHERE status = 'pending' AND payload LIKE $2",
          [new Date().toISOString(), "%게이트웨이다운%"],
        ),
      );
      await expect.poll(() => alertsAbout(second).length, { timeout: 20_000 }).toBe(1);
    } finally {
      if (down) await gateway.up();
    }
    expect((await exportLeads(server)).some((l) => l.이름 === "게이트웨이다운")).toBe(true);
  }, 90_000);
});
