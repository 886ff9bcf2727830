import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import pg from "pg";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ADMIN, ADMIN_ENV, poll } from "./support/admin";
import { launchBrowser, openPage } from "./support/browser";
import { clockEnv, setClock } from "./support/clock";
import { startServer, type RunningServer } from "./support/server";

/*
 * The 분양 CRM as its team works it (issue 30), with the server's clock movable
 * (tests/e2e/support/clock.ts): two consultants get the complex's new leads in turn; consultant A
 * calls one (부재, next call tomorrow 10:00), then again (방문 약속): the card's status follows and its
 * timeline shows both calls; consultant B sees A's person with the phone number masked and cannot
 * log on the card; the next morning A's queue shows the call as due, and the 09:00 digest to A's
 * phone is in the outbox.
 */

const A = {
  email: "consultant-a@example.com",
  password: "consultant-a-password",
  phone: "010-7000-0001",
};
const B = {
  email: "consultant-b@example.com",
  password: "consultant-b-password",
  phone: "010-7000-0002",
};
const PEOPLE = [
  { name: "김하나", phone: "010-4100-0001" },
  { name: "이두리", phone: "010-4100-0002" },
  { name: "박세나", phone: "010-4100-0003" },
];
const KST_MS = 9 * 3_600_000;
/** A Korean day (YYYY-MM-DD) `days` after the one of `at`. */
const kstDay = (at: Date, days = 0) =>
  new Date(at.getTime() + KST_MS + days * 86_400_000).toISOString().slice(0, 10);

let server: RunningServer;
let browser: Browser;
let clockFile: string;

beforeAll(async () => {
  clockFile = join(mkdtempSync(join(tmpdir(), "crm-clock-")), "offset");
  [server, browser] = await Promise.all([
    startServer({ ...ADMIN_ENV, ...clockEnv(clockFile), CRM_DIGEST_POLL_MS: "300" }),
    launchBrowser(),
  ]);
  for (const c of [A, B]) await consultant(c);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A 상담원 account of anyang through the operator's command (the password twice on its input). */
function consultant(c: { email: string; password: string }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      "npx",
      [
        "tsx",
        "scripts/admin.ts",
        "set-password",
        c.email,
        "--role",
        "consultant",
        "--site",
        "anyang",
      ],
      { env: server.env },
      (error) => (error ? reject(error) : resolve()),
    );
    child.stdin?.end(`${c.password}\n${c.password}\n`);
  });
}

async function signIn(page: Page, who: { email: string; password: string }, path: string) {
  await page.goto(server.url + path);
  await page.waitForURL((u) => u.pathname === "/admin/login");
  await page.getByLabel("이메일").fill(who.email);
  await page.getByLabel("비밀번호").fill(who.password);
  await page.getByLabel("비밀번호").press("Enter");
  await page.waitForURL((u) => u.pathname === path);
}

/** A registration as the inquiry form's script sends it (a visitor from a naver ad). */
async function register(person: { name: string; phone: string }) {
  const res = await fetch(`${server.url}/api/leads?kind=inquiry&variant=inquiry`, {
    method: "POST",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      name: person.name,
      phone: person.phone,
      message: "84A 타입 상담 원합니다",
      privacyConsent: "on",
      utm_source: "naver",
    }),
  });
  expect(res.status).toBe(200);
}

/**
 * The rows of the desk's table: name → its cells by column label. Waits for its first row: after
 * signing in the address changes before the page it leads to is drawn.
 */
async function rows(page: Page, caption: string) {
  const table = page.locator("table", { has: page.locator("caption", { hasText: caption }) });
  await table.locator("tbody tr").first().waitFor();
  return table
    .locator("tbody tr")
    .evaluateAll((trs) =>
      trs.map((tr) =>
        Object.fromEntries(
          [...tr.querySelectorAll("td")].map((td) => [
            td.dataset.label ?? "",
            td.textContent?.trim(),
          ]),
        ),
      ),
    );
}

/** The staff messages the outbox holds with no lead (the digests): recipient and text. */
async function digests(): Promise<{ to: string; text: string }[]> {
  const sql = `SELECT recipient, payload FROM outbox WHERE purpose = 'staff' AND lead_id IS NULL
    ORDER BY created_at`;
  let found: { recipient: string; payload: string }[];
  if (server.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: server.env.DATABASE_URL });
    await client.connect();
    found = (await client.query(sql)).rows;
    await client.end();
  } else {
    const db = new BetterSqlite3(join(server.dataDir, "site.db"), { readonly: true });
    found = db.prepare(sql).all() as typeof found;
    db.close();
  }
  return found.map((r) => ({
    to: r.recipient,
    text: (JSON.parse(r.payload) as { text: string }).text,
  }));
}

test("two consultants: round-robin, the call log moving the status, masked numbers, and the next morning's queue and digest", async () => {
  const admin = await openPage(browser, "desktop");
  const a = await openPage(browser, "phone");
  const b = await openPage(browser, "desktop");
  try {
    // The administrator gives A a phone for the digest and turns automatic assignment on.
    await signIn(admin.page, ADMIN, "/admin/accounts");
    await admin.page.getByRole("link", { name: A.email }).click();
    await admin.page.getByLabel(/휴대폰 번호/).fill(A.phone);
    await admin.page.getByRole("button", { name: /저장/ }).click();
    await expect.poll(() => admin.page.getByText(A.phone).count()).toBeGreaterThan(0);
    await admin.page.goto(`${server.url}/admin/leads`);
    const auto = admin.page.getByLabel(/자동 배정/);
    await auto.focus();
    await admin.page.keyboard.press("Space");
    await admin.page.getByRole("button", { name: "배정 설정 저장" }).press("Enter");
    await admin.page.waitForURL(/assignment=saved/);
    expect(await admin.page.getByLabel(/자동 배정/).isChecked()).toBe(true);

    for (const p of PEOPLE) await register(p);
    await admin.page.goto(`${server.url}/admin/leads?view=all`);
    const listed = await rows(admin.page, "고객 목록");
    const owner = (name: string) => listed.find((r) => r["이름"] === name)?.["담당"];
    // In turn: A (who has waited longest), B, then A again.
    expect(PEOPLE.map((p) => owner(p.name))).toEqual([A.email, B.email, A.email]);

    // A's desk opens on the queue: A's two new people, oldest first, with whole numbers.
    await signIn(a.page, A, "/admin/leads");
    const fresh = await rows(a.page, "새 접수");
    expect(fresh.map((r) => [r["이름"], r["연락처"]])).toEqual([
      [PEOPLE[0]!.name, PEOPLE[0]!.phone],
      [PEOPLE[2]!.name, PEOPLE[2]!.phone],
    ]);

    // First call: nobody answers; call again tomorrow at 10:00.
    await a.page.getByRole("link", { name: PEOPLE[0]!.name }).click();
    await a.page.waitForURL(/\/admin\/leads\/[0-9a-f-]{36}/);
    const cardPath = new URL(a.page.url()).pathname;
    const tomorrow = kstDay(new Date(), 1);
    await a.page.getByLabel("부재").check();
    await a.page.getByLabel("다음 연락 날짜").fill(tomorrow);
    await a.page.getByLabel("시간").fill("10:00");
    await a.page.getByRole("button", { name: "통화 기록 저장" }).click();
    await a.page.getByText("통화 · 부재").waitFor();
    await expect.poll(() => a.page.locator("h1 .state-badge").textContent()).toBe("상담 중");

    // Second call: a visit is promised; the plan for tomorrow 10:00 stays in the form.
    expect(await a.page.getByLabel("다음 연락 날짜").inputValue()).toBe(tomorrow);
    await a.page.getByLabel("방문 약속").check();
    await a.page.getByLabel("통화 메모").fill("토요일 오후 모델하우스 방문 예정");
    await a.page.getByRole("button", { name: "통화 기록 저장" }).click();
    await a.page.getByText("통화 · 방문 약속").waitFor();
    await expect.poll(() => a.page.locator("h1 .state-badge").textContent()).toBe("방문 예약");
    const timeline = await a.page.locator(".timeline > li .timeline-head strong").allTextContents();
    expect(timeline).toEqual([
      "상태 상담 중 → 방문 예약",
      "통화 · 방문 약속",
      "상태 신규 → 상담 중",
      "통화 · 부재",
      `담당 미배정 → ${A.email}`,
      "상담문의 접수",
    ]);
    expect(await a.page.getByText("토요일 오후 모델하우스 방문 예정").isVisible()).toBe(true);

    // B sees A's people masked, and A's card without a number or a way to log on it.
    await signIn(b.page, B, "/admin/leads");
    await b.page.getByRole("link", { name: "전체 고객" }).click();
    await b.page.waitForURL(/view=all/);
    const seenByB = await rows(b.page, "고객 목록");
    expect(seenByB.find((r) => r["이름"] === PEOPLE[0]!.name)?.["연락처"]).toBe("010-****-0001");
    expect(seenByB.find((r) => r["이름"] === PEOPLE[1]!.name)?.["연락처"]).toBe(PEOPLE[1]!.phone);
    const bCard = await b.page.goto(server.url + cardPath);
    expect(bCard?.status()).toBe(200);
    const bText = await b.page.locator("main").textContent();
    expect(bText).toContain("010-****-0001");
    expect(bText).not.toContain(PEOPLE[0]!.phone);
    expect(await b.page.getByRole("button", { name: "통화 기록 저장" }).count()).toBe(0);
    expect(await b.page.getByText("다른 상담원의 고객입니다").isVisible()).toBe(true);

    // The next morning, 09:00:30 in Korea: A's queue shows the call due at 10:00, and the
    // digest of the day's calls is in the outbox for A's phone (B has none due: nothing for B).
    await setClock(clockFile, new Date(`${tomorrow}T09:00:30+09:00`));
    await poll(async () => (await digests()).map((d) => d.to)).toEqual([A.phone]);
    const [digest] = await digests();
    expect(digest!.text).toContain(PEOPLE[0]!.name);
    expect(digest!.text).toContain("10:00");
    await signIn(a.page, A, "/admin/leads");
    const due = await rows(a.page, "오늘 연락할 고객");
    expect(due.map((r) => r["이름"])).toEqual([PEOPLE[0]!.name]);
    expect(due[0]!["다음 연락"]).toContain("오전 10:00");
    expect(due[0]!["다음 연락"]).not.toContain("지연");
    expect(await a.page.locator(".desk-due").textContent()).toContain("오늘까지 1명");
  } finally {
    await Promise.all([admin.context.close(), a.context.close(), b.context.close()]);
  }
});
