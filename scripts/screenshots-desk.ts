/**
 * Screenshots of the visit popup with its slot picker open and of the lead desk (signed in, with
 * booked, cancelled and campaign leads), at 390 px (also at device scale 3) and 1440 px.
 * Usage: BUILD_DIR=… npm run build && tsx scripts/screenshots-desk.ts [--full] [--tablet]
 * Writes screenshots/desk-*.png (not committed).
 */
import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { VISIT_SLOTS_PATH, type Availability } from "../app/bookings/visit-slots";
import { startReceiver } from "../app/outbox/test-receiver";
import { hydrated, launchBrowser } from "../tests/e2e/support/browser";
import { startServer } from "../tests/e2e/support/server";

const full = process.argv.includes("--full");
const EMAIL = "desk@example.com";
const PASSWORD = "screenshot-password-1";
mkdirSync("screenshots", { recursive: true });

const gateway = await startReceiver(200);
const server = await startServer({
  ADMIN_EMAIL: EMAIL,
  ADMIN_PASSWORD: PASSWORD,
  LEADS_RATE_LIMIT: "1000",
  LEADS_DUPLICATE_WINDOW_SECONDS: "0",
  SMS_GATEWAY_URL: gateway.url("/sms"),
  OUTBOX_POLL_MS: "100",
});
const browser = await launchBrowser();

// Sample leads through the site's own forms: booked, cancelled, from campaigns and other sites.
const { days } = (await (await fetch(server.url + VISIT_SLOTS_PATH)).json()) as Availability;
const slot = (d: number, s: number) => ({
  visitDate: days[d]!.date,
  visitTime: days[d]!.slots[s]!.time,
});
const leads: Record<string, string>[] = [
  {
    name: "홍길동",
    phone: "010-1234-5678",
    source: "/Brand/intro",
    ...slot(1, 2),
    utm_source: "naver",
    utm_medium: "cpc",
    utm_campaign: "open_day",
    referrer: "m.search.naver.com",
  },
  {
    name: "김영희",
    phone: "010-2222-3333",
    source: "/register",
    ...slot(2, 4),
    referrer: "search.daum.net",
  },
  {
    name: "이철수",
    phone: "02-555-0101",
    source: "/Promotion/Customer",
    message: "84A 타입 잔여 세대와 중도금 대출 조건이 궁금합니다.",
  },
  {
    name: "Maria Lopez-Fernandez",
    phone: "010-9876-5432",
    source: "/Sales/guide",
    utm_source: "instagram",
    utm_medium: "social",
    utm_campaign: "spring_2026_model_house_grand_opening_event",
  },
  {
    name: "박민준",
    phone: "010-4444-5555",
    source: "/",
    ...slot(0, 1),
    referrer: "www.very-long-referring-site-name.example.co.kr",
  },
];
for (const l of leads) {
  const path = l.message ? "/Promotion/Customer" : "/register";
  const res = await fetch(server.url + path, {
    method: "POST",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ message: "", privacyConsent: "on", ...l }),
  });
  if (res.status !== 200) throw new Error(`${l.name}: ${res.status}`);
}
// One slot of the day the popup opens is full.
for (let i = 0; i < days[1]!.slots[3]!.left; i++)
  await fetch(server.url + "/register", {
    method: "POST",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      name: "만석",
      phone: `010-7000-${1000 + i}`,
      privacyConsent: "on",
      ...slot(1, 3),
    }),
  });
// 김영희 cancels through the SMS link.
for (let i = 0; i < 100; i++) {
  if (gateway.requests.some((r) => r.body.includes("010-2222-3333") && r.body.includes("/b/")))
    break;
  await new Promise((r) => setTimeout(r, 100));
}
const sms = gateway.requests.map((r) => JSON.parse(r.body) as { to: string; text: string });
const link = /(http\S+\/b\/[A-Za-z0-9_-]+)/.exec(
  sms.find((m) => m.to === "010-2222-3333")!.text,
)![1]!;
await fetch(link, {
  method: "POST",
  headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
  body: "intent=cancel",
});

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(500);
  await page.screenshot({ path: `screenshots/desk-${name}.png`, fullPage: full });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  if (overflow > 0) console.log(`overflow ${overflow}px: ${name}`);
}

async function at(b: Browser, width: number, scale: number) {
  const context = await b.newContext({
    viewport: { width, height: width < 900 ? 844 : 900 },
    deviceScaleFactor: scale,
    isMobile: width < 900,
    hasTouch: width < 900,
    locale: "ko-KR",
  });
  await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.abort());
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const tag = `${width}${scale > 1 ? `x${scale}` : ""}`;

  // The popup with the slot picker open: a day chosen, its times shown.
  await page.goto(`${server.url}/Brand/intro`, { waitUntil: "networkidle" });
  await hydrated(page);
  await page.locator(width < 900 ? ".bottom-bar-reserve" : ".header-phone").click();
  const dialog = page.getByRole("dialog", { name: "방문예약 · 관심고객 등록" });
  await dialog.waitFor();
  const day = dialog.locator(".visit-picker input[type=radio]").nth(1);
  await day.check();
  await day.scrollIntoViewIfNeeded();
  await shoot(page, `popup-slots-${tag}`);
  await dialog.locator(".visit-picker").evaluate((el) => el.scrollIntoView({ block: "end" }));
  await shoot(page, `popup-slots-end-${tag}`);

  // The lead desk, signed in.
  await page.goto(`${server.url}/admin/login`);
  await page.getByLabel("이메일").fill(EMAIL);
  await page.getByLabel("비밀번호").fill(PASSWORD);
  await page.getByRole("button", { name: "로그인" }).click();
  await page.waitForURL(`${server.url}/admin`);
  await page.goto(`${server.url}/admin/leads`, { waitUntil: "networkidle" });
  await shoot(page, `leads-${tag}`);
  await page.locator(".desk-table").scrollIntoViewIfNeeded();
  await shoot(page, `leads-table-${tag}`);
  // The cancelled booking and the long campaign, up close.
  for (const name of ["김영희", "Maria"])
    await page.locator(".desk-table tbody tr", { hasText: name }).screenshot({
      path: `screenshots/desk-row-${name === "Maria" ? "campaign" : "cancelled"}-${tag}.png`,
    });
  if (errors.length) console.log(`page errors at ${tag}:`, errors);
  await context.close();
}

try {
  await at(browser, 390, 1);
  await at(browser, 390, 3);
  await at(browser, 1440, 1);
  // A laptop or tablet: the desk's table scrolls inside its box.
  if (process.argv.includes("--tablet")) await at(browser, 1024, 1);
} finally {
  await browser.close();
  await server.stop();
  await gateway.close();
}
console.log("desk screenshots written to screenshots/desk-*.png");
