import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { formatSlot, VISIT_SLOTS_PATH, type Availability } from "~/bookings/visit-slots";
import { startReceiver } from "~/outbox/test-receiver";
import { ADMIN, ADMIN_ENV, adminFetch, poll, signInCookie } from "./support/admin";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import { parseCsv } from "./support/leads";
import { startServer, type RunningServer } from "./support/server";

/*
 * The lead desk (/admin/leads) and the administrator's pages: what a signed-out request gets, the
 * list of people with its filters and search, a person's card (status, memo, the timeline of their
 * forms), the CSV, and the access log that records each of them.
 */

let server: RunningServer;
let browser: Browser;
let gateway: Awaited<ReturnType<typeof startReceiver>>;
/** The two booked visits: 방문하나 keeps it, 방문둘 cancels it through the SMS link. */
let kept: string;
let cancelled: string;
beforeAll(async () => {
  gateway = await startReceiver(200);
  [server, browser] = await Promise.all([
    startServer({
      ...ADMIN_ENV,
      LEADS_RATE_LIMIT: "1000",
      LEADS_DUPLICATE_WINDOW_SECONDS: "0",
      SMS_GATEWAY_URL: gateway.url("/sms"),
      OUTBOX_POLL_MS: "100",
    }),
    launchBrowser(),
  ]);
  // The first day with two open slots: late in the day, today has one or none left.
  const { days } = (await (await fetch(server.url + VISIT_SLOTS_PATH)).json()) as Availability;
  const day = days.find((d) => d.slots.filter((slot) => slot.state === "open").length >= 2);
  const [first, second] = day!.slots.filter((slot) => slot.state === "open");
  kept = `${day!.date}T${first!.time}`;
  cancelled = `${day!.date}T${second!.time}`;
  // Leads arrive through the site's own forms, as a visitor's browser without JavaScript sends them,
  // with the campaign fields the browser keeps for the visit.
  const leads: ({ path: string } & Record<string, string>)[] = [
    {
      path: "/register",
      name: "방문하나",
      phone: "010-1234-5678",
      source: "/Brand/intro",
      visitDate: day!.date,
      visitTime: first!.time,
      utm_source: "naver",
      utm_medium: "cpc",
      utm_campaign: "open_day",
      referrer: "m.search.naver.com",
    },
    {
      path: "/register",
      name: "방문둘",
      phone: "010 2222 3333",
      visitDate: day!.date,
      visitTime: second!.time,
      referrer: "search.daum.net",
    },
    {
      path: "/Promotion/Customer",
      name: "문의셋",
      phone: "02-555-0101",
      message: "잔여 세대 문의",
    },
    {
      path: "/Promotion/Customer",
      name: "수식시험",
      phone: "010-9876-5432",
      message: "=SUM(A1)",
      utm_source: "=cmd",
    },
  ];
  for (const { path, ...l } of leads) {
    const res = await fetch(server.url + path, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...l, message: l.message ?? "", privacyConsent: "on" }),
    });
    expect(res.status).toBe(200);
  }
  // 방문둘 cancels the visit through the link in the confirmation SMS.
  const sms = () =>
    gateway.requests
      .map((r) => JSON.parse(r.body) as { to: string; text: string })
      .find((m) => m.to === "010-2222-3333" && m.text.includes("/b/"));
  // (expect.poll is for tests only)
  for (let waited = 0; !sms() && waited < 15_000; waited += 100)
    await new Promise((r) => setTimeout(r, 100));
  const link = /(http\S+\/b\/[A-Za-z0-9_-]+)/.exec(sms()!.text)![1]!;
  const cancel = await fetch(link, {
    method: "POST",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: "intent=cancel",
  });
  expect(await cancel.text()).toContain("방문 예약이 취소되었습니다");
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await gateway?.close();
});

/** Opens `path` signed out, signs in on the sign-in page it leads to, and is back on `path`. */
async function signIn(page: Page, path: string) {
  await page.goto(server.url + path);
  await page.waitForURL(new RegExp(`/admin/login\\?redirectTo=${encodeURIComponent(path)}$`));
  await page.getByLabel("이메일").fill(ADMIN.email);
  await page.getByLabel("비밀번호").fill(ADMIN.password);
  await page.getByRole("button", { name: "로그인" }).click();
  await page.waitForURL(server.url + path);
}

async function signedInDesk(
  viewport: "desktop" | "phone" = "desktop",
  { javaScriptEnabled = true } = {},
) {
  const opened = await openPage(browser, viewport, { javaScriptEnabled });
  // Signed out: the sign-in page, which returns to the desk afterwards.
  await signIn(opened.page, "/admin/leads");
  if (javaScriptEnabled) await hydrated(opened.page);
  return opened;
}
const rows = (page: Page) => page.locator(".desk-table tbody tr");
/** Opens a person's card from the list by their name, as a keyboard user does. */
async function openCard(page: Page, name: string) {
  await page.getByRole("link", { name, exact: true }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { level: 1, name: new RegExp(`^${name}`) }).waitFor();
}
const timeline = (page: Page) =>
  page
    .locator(".timeline > li")
    .evaluateAll((lis) =>
      lis.map((li) =>
        [
          li.querySelector("strong")?.textContent,
          ...[...li.querySelectorAll("li")].map((x) => x.textContent),
        ].join(" | "),
      ),
    );
const names = (page: Page) =>
  rows(page).evaluateAll((trs) =>
    trs.map((tr) => tr.querySelector('[data-label="이름"]')?.textContent),
  );
const accessLog = (page: Page) =>
  page
    .locator(".access-log-table tbody tr")
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll("td")].slice(1).map((td) => td.textContent)),
    );

describe("signed out", () => {
  test.each([
    "/admin",
    "/admin/leads",
    "/admin/leads?q=01012345678",
    "/admin/leads.data",
    "/admin/leads.csv",
    "/admin/leads?view=queue",
    "/admin/leads/00000000-0000-4000-8000-000000000000",
    "/admin/press",
    "/admin/press/new",
    "/admin/press/abcdefabcdef",
  ])("%s is redirected to the sign-in page and carries no personal data", async (path) => {
    const res = await fetch(server.url + path, { redirect: "manual" });
    const body = await res.text();
    if (path.endsWith(".data")) {
      // A client navigation's data request gets the redirect in its own format.
      expect(body).toContain("/admin/login?redirectTo=");
    } else {
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toMatch(/^\/admin\/login\?redirectTo=/);
    }
    expect(res.headers.get("cache-control")).toBe("no-store");
    for (const secret of ["방문하나", "010-1234-5678", "문의셋", "02-555-0101"])
      expect(body).not.toContain(secret);
  });

  test("the sign-in page is not indexed or stored and works without JavaScript", async () => {
    const res = await fetch(`${server.url}/admin/login`);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(await res.text()).toContain('<meta name="robots" content="noindex, nofollow"/>');
    const { context, page } = await openPage(browser, "phone", { javaScriptEnabled: false });
    try {
      await signIn(page, "/admin/press");
      expect(await page.getByRole("heading", { name: "보도자료 관리" }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe("the lead desk", () => {
  test("lists people newest first; filters by form and date; finds 010-1234-5678 when 01012345678 is typed", async () => {
    const { context, page, errors } = await signedInDesk();
    try {
      await poll(() => names(page)).toEqual(["수식시험", "문의셋", "방문둘", "방문하나"]);
      expect(await page.getByRole("heading", { name: "상담 접수 관리" }).isVisible()).toBe(true);

      await page.getByLabel("구분").selectOption({ label: "방문예약 · 관심고객 등록" });
      await page.getByRole("button", { name: "조회" }).click();
      await page.waitForURL(/kind=visit/);
      await poll(() => names(page)).toEqual(["방문둘", "방문하나"]);

      await page.getByRole("link", { name: "초기화" }).click();
      await page.waitForURL(`${server.url}/admin/leads?view=all`);
      // The fields follow the address: 초기화 empties them.
      await poll(() => page.getByLabel("구분").inputValue()).toBe("");
      await page.getByLabel("이름·연락처 검색").fill("01012345678");
      await page.getByRole("button", { name: "조회" }).click();
      await page.waitForURL(/q=01012345678/);
      await poll(() => names(page)).toEqual(["방문하나"]);
      expect(await rows(page).first().locator('[data-label="연락처"]').textContent()).toBe(
        "010-1234-5678",
      );

      const tomorrow = new Date(Date.now() + 9 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
      await page.goto(`${server.url}/admin/leads?from=${tomorrow}`);
      expect(await page.getByText("조건에 맞는 고객이 없습니다.").isVisible()).toBe(true);

      const log = await accessLog(page);
      expect(log[0]).toEqual([
        "press-admin@example.com",
        "열람",
        "고객 목록",
        `접수일 (부터)=${tomorrow}`,
        "0",
      ]);
      expect(log).toContainEqual([
        ADMIN.email,
        "열람",
        "고객 목록",
        "이름·연락처 검색=01012345678",
        "1",
      ]);
      expect(log).toContainEqual([
        ADMIN.email,
        "열람",
        "고객 목록",
        "구분=방문예약 · 관심고객 등록",
        "2",
      ]);
      expect(log).toContainEqual([ADMIN.email, "열람", "고객 목록", "전체", "4"]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("shows each person's latest form (예약 취소 once cancelled) and source; their card shows the booked visit, where it came from and the page it was sent from", async () => {
    const { context, page, errors } = await signedInDesk();
    try {
      const cell = (name: string, label: string) =>
        rows(page).filter({ hasText: name }).locator(`[data-label="${label}"]`).textContent();
      expect(await cell("방문하나", "최근 접수")).toMatch(/^방문예약/);
      expect(await cell("방문하나", "최근 접수")).not.toContain("예약 취소");
      expect(await cell("방문둘", "최근 접수")).toMatch(/^방문예약.*예약 취소$/);
      expect(await cell("문의셋", "최근 접수")).toMatch(/^상담문의/);
      expect(await cell("방문하나", "상태")).toBe("방문 예약");
      // The cancelled booking took 방문둘 back to 신규.
      expect(await cell("방문둘", "상태")).toBe("신규");
      expect(await cell("방문하나", "유입 경로")).toBe("naver");
      expect(await cell("방문둘", "유입 경로")).toBe("search.daum.net (유입 사이트)");
      expect(await cell("문의셋", "유입 경로")).toBe("직접 방문");
      expect(await cell("문의셋", "접수·통화")).toBe("접수 1 · 통화 0");
      // The source filter offers the sources present, grouped, plus 전체.
      expect(
        await page
          .getByLabel("유입 경로")
          .locator("option")
          .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).text)),
      ).toEqual(["전체", "=cmd", "naver", "search.daum.net", "직접 방문"]);

      await openCard(page, "방문하나");
      expect(await timeline(page)).toContainEqual(
        `방문예약 접수 | 방문 ${formatSlot(kept)} | 유입 naver · cpc · open_day | 페이지 /Brand/intro`,
      );
      await page.goBack();
      await openCard(page, "방문둘");
      const items = await timeline(page);
      expect(items).toContain(`방문예약 취소 | ${formatSlot(cancelled)}`);
      expect(items).toContain("상태 방문 예약 → 신규");
      expect(items).toContainEqual(
        expect.stringMatching(/^방문예약 접수 \| 방문 .* \| 유입 search\.daum\.net \| 페이지 /),
      );
      await page.goBack();
      await openCard(page, "문의셋");
      expect(await timeline(page)).toContainEqual(
        "상담문의 접수 | 유입 직접 방문 | 페이지 /Promotion/Customer | 문의 내용: 잔여 세대 문의",
      );
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("without JavaScript, the source filter combines with the others and the CSV follows it with booking and campaign columns", async () => {
    const { context, page } = await signedInDesk("phone", { javaScriptEnabled: false });
    try {
      await page.getByLabel("유입 경로").selectOption({ label: "search.daum.net" });
      await page.getByRole("button", { name: "조회" }).click();
      await page.waitForURL(/source=ref%3Asearch\.daum\.net/);
      expect(await names(page)).toEqual(["방문둘"]);
      // The chosen source stays chosen; with another filter nothing of the source matches.
      expect(await page.getByLabel("유입 경로").inputValue()).toBe("ref:search.daum.net");
      await page.getByLabel("구분").selectOption({ label: "상담문의" });
      await page.getByRole("button", { name: "조회" }).click();
      await page.waitForURL(/kind=inquiry/);
      expect(await page.getByText("조건에 맞는 고객이 없습니다.").isVisible()).toBe(true);

      await page.goto(`${server.url}/admin/leads?source=utm%3Anaver`);
      expect(await names(page)).toEqual(["방문하나"]);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: /CSV 내려받기 \(1명\)/ }).click(),
      ]);
      const [header, ...lines] = parseCsv(
        readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, ""),
      );
      expect(lines).toHaveLength(1);
      const row = Object.fromEntries(header!.map((h, i) => [h, lines[0]![i]]));
      expect(row).toMatchObject({
        이름: "방문하나",
        접수페이지: "/Brand/intro",
        "방문예약일시 (KST)": kept.replace("T", " "),
        "예약취소일시 (KST)": "",
        utm_source: "naver",
        utm_medium: "cpc",
        utm_campaign: "open_day",
        "유입 사이트": "m.search.naver.com",
      });

      // The cancelled booking and the formula-shaped source, defused.
      const all = parseCsv(
        await (await adminFetch(server, await signInCookie(server), "/admin/leads.csv")).text(),
      );
      const cancelledRow = all.find((r) => r.includes("방문둘"))!;
      expect(cancelledRow[header!.indexOf("방문예약일시 (KST)")]).toBe(cancelled.replace("T", " "));
      expect(cancelledRow[header!.indexOf("예약취소일시 (KST)")]).toMatch(
        /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
      );
      expect(all.find((r) => r.includes("수식시험"))![header!.indexOf("utm_source")]).toBe("'=cmd");

      await page.reload();
      expect(
        await page
          .locator(".access-log-table tbody tr")
          .first()
          .evaluate((tr) => [...tr.querySelectorAll("td")].slice(2, 5).map((td) => td.textContent)),
      ).toEqual(["열람", "고객 목록", "유입 경로=naver"]);
    } finally {
      await context.close();
    }
  });

  test("on a phone the desk is a list of cards that fits the screen", async () => {
    const { context, page } = await signedInDesk("phone");
    try {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      const card = rows(page).filter({ hasText: "방문하나" });
      const box = (await card.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      // Each value sits beside its column name.
      expect(
        await card
          .locator('[data-label="유입 경로"]')
          .evaluate((td) => getComputedStyle(td, "::before").content),
      ).toBe('"유입 경로"');
    } finally {
      await context.close();
    }
  });

  test("a person's status and memo are changed on their card by keyboard and stay after a reload; filtering by status finds them", async () => {
    const { context, page } = await signedInDesk("phone");
    try {
      await openCard(page, "문의셋");
      const cardUrl = page.url();
      expect(await page.getByLabel("상태", { exact: true }).inputValue()).toBe("new");
      await page.getByLabel("상태", { exact: true }).selectOption({ label: "상담 중" });
      await page.getByRole("button", { name: "상태 변경" }).focus();
      await page.keyboard.press("Enter");
      await poll(() => page.getByRole("status").allTextContents()).toContain("상태를 바꿨습니다.");

      await page.getByLabel("고객 메모").fill("3/7 오후 2시 방문 예정");
      await page.getByRole("button", { name: "메모 저장" }).focus();
      await page.keyboard.press("Enter");
      await poll(() => page.getByRole("status").allTextContents()).toContain(
        "메모를 저장했습니다.",
      );

      await page.goto(cardUrl);
      expect(await page.getByLabel("상태", { exact: true }).inputValue()).toBe("counseling");
      expect(await page.getByLabel("고객 메모").inputValue()).toBe("3/7 오후 2시 방문 예정");
      expect(await timeline(page)).toContain("상태 신규 → 상담 중");
      expect(await timeline(page)).toContain("메모 수정");

      await page.goto(`${server.url}/admin/leads?status=counseling`);
      expect(await names(page)).toEqual(["문의셋"]);
      const log = await accessLog(page);
      expect(log).toContainEqual([ADMIN.email, "변경", "고객 카드", "상태: 상담 중", "1"]);
      expect(log).toContainEqual([ADMIN.email, "변경", "고객 카드", "메모", "1"]);
      // Opening the card is recorded, without the whole phone number.
      expect(log).toContainEqual([
        ADMIN.email,
        "열람",
        "고객 카드 문의셋 (02-***-0101)",
        "전체 번호",
        "1",
      ]);
    } finally {
      await context.close();
    }
  });

  test("the CSV of the filtered list has a BOM, Korean headers, defused formulas, and is logged", async () => {
    const { context, page } = await signedInDesk();
    try {
      await page.getByLabel("구분").selectOption({ label: "상담문의" });
      await page.getByRole("button", { name: "조회" }).click();
      await page.waitForURL(/kind=inquiry/);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: /CSV 내려받기/ }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      const csv = readFileSync((await download.path())!, "utf8");
      expect(csv.startsWith("\uFEFF접수일시 (KST),구분,이름,연락처,문의내용,")).toBe(true);
      const lines = csv.trimEnd().split("\r\n");
      expect(lines[0]).toMatch(
        /,상태,메모,상태변경일시 \(KST\),최근 통화 결과,관심도,담당 상담원,다음 연락 \(KST\)$/,
      );
      expect(lines).toHaveLength(3);
      expect(lines[1]).toContain(",상담문의,수식시험,010-9876-5432,'=SUM(A1),");
      expect(lines[2]).toContain(",상담문의,문의셋,02-555-0101,");

      await page.reload();
      expect(await accessLog(page)).toContainEqual([
        ADMIN.email,
        "내려받기",
        "상담 접수 CSV",
        "구분=상담문의",
        "2",
      ]);
    } finally {
      await context.close();
    }
  });

  test("모든 단지 lists every complex's people with their complex; a name opens the card on its own complex", async () => {
    // A person of the other complex, sent through its form on its own host.
    const port = new URL(server.url).port;
    const origin = `http://suwon.localhost:${port}`;
    const status = await new Promise<number>((resolve, reject) => {
      const body = new URLSearchParams({
        name: "수원고객",
        phone: "010-4444-5555",
        message: "",
        privacyConsent: "on",
      }).toString();
      const req = httpRequest(
        `${server.url}/Promotion/Customer`,
        {
          method: "POST",
          headers: {
            Host: `suwon.localhost:${port}`,
            Origin: origin,
            "Content-Type": "application/x-www-form-urlencoded",
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end(body);
    });
    expect(status).toBe(200);
    const { context, page, errors } = await signedInDesk();
    try {
      // This complex's desk does not show them.
      expect(await names(page)).not.toContain("수원고객");
      await page.goto(`${server.url}/admin/leads?view=all&site=*`);
      await hydrated(page);
      const row = rows(page).filter({ hasText: "수원고객" });
      expect(await row.locator('[data-label="단지"]').textContent()).toBe("suwon");
      expect(
        await rows(page).filter({ hasText: "문의셋" }).locator('[data-label="단지"]').textContent(),
      ).toBe("anyang");
      await openCard(page, "수원고객");
      expect(new URL(page.url()).search).toBe("?site=suwon");
      expect(await page.getByText("010-4444-5555").count()).toBeGreaterThan(0);
      await page.goBack();
      await openCard(page, "문의셋");
      expect(new URL(page.url()).search).toBe("");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("every administrator page is noindex, never stored, and has the desks and sign-out", async () => {
    const cookie = await signInCookie(server);
    for (const path of ["/admin", "/admin/press", "/admin/leads", "/admin/leads.csv"]) {
      const res = await adminFetch(server, cookie, path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("no-store");
      expect(res.headers.get("x-robots-tag"), path).toBe("noindex, nofollow");
      const body = await res.text();
      if (!path.endsWith(".csv"))
        expect(body, path).toContain('<meta name="robots" content="noindex, nofollow"/>');
    }
    expect(await (await fetch(`${server.url}/robots.txt`)).text()).toContain("Disallow: /admin");
    const { context, page } = await signedInDesk();
    try {
      await page.getByRole("link", { name: "관리자 홈" }).click();
      await page.waitForURL(`${server.url}/admin`);
      expect(await page.getByRole("link", { name: /보도자료 관리/ }).count()).toBeGreaterThan(0);
      expect(await page.getByRole("link", { name: /상담 접수 관리/ }).count()).toBeGreaterThan(0);
      await page.getByRole("button", { name: "로그아웃" }).click();
      await page.waitForURL(/\/admin\/login\?signedOut=1$/);
      expect(await page.getByRole("status").textContent()).toBe("로그아웃되었습니다.");
      await page.goto(`${server.url}/admin/leads`);
      await page.waitForURL(/\/admin\/login/);
    } finally {
      await context.close();
    }
  });
});
