import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ADMIN_ENV, adminFetch, poll, signInCookie } from "./support/admin";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import { rawRequest } from "./support/http";
import { startServer, type RunningServer } from "./support/server";
import { content, siteId } from "./support/sites";

/*
 * 미리보기 and stored pages (issue 29, items 4 and 9). An editor's draft is shown at /admin/preview
 * in the phone and desktop frames, rendered by the public renderer, while the public pages still show
 * the published version; nobody else sees it (signed out and 상담원: 404), and it is never indexed.
 * Once published, the pages are stored: the server started again loads them instead of rendering.
 * One server at a time: the same data folder is started again for the last test.
 */

let server: RunningServer;
let browser: Browser;
const EDITOR = { email: "editor@example.com", password: "editor-password-1" };
const CONSULTANT = { email: "consultant@example.com", password: "consultant-password-1" };
const DRAFT_NAME = "미리보기 전용 이름 센트럴";

/** `npm run admin -- set-password` against the server's database (the CLI an agency uses). */
function account(who: { email: string; password: string }, role: string) {
  const done = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "scripts/admin.ts",
      "set-password",
      who.email,
      "--role",
      role,
      "--site",
      siteId,
    ],
    { env: server.env, input: who.password, encoding: "utf8" },
  );
  expect(done.status, done.stderr).toBe(0);
}

/** Signs in over HTTP as `who`; the Cookie header to send afterwards. */
async function cookieOf(who: { email: string; password: string }) {
  const res = await fetch(`${server.url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(who),
  });
  expect(res.status).toBe(302);
  return res.headers.get("set-cookie")!.split(";")[0]!;
}

let envBefore: Record<string, string | undefined> = {};

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ...ADMIN_ENV, KEEP_DATA: "1" }),
    launchBrowser(),
  ]);
  account(EDITOR, "editor");
  account(CONSULTANT, "consultant");
  // The editor's change, saved to the draft through the content store (the server's database).
  // (Put back after: the browser files share one process, vitest.e2e.config.ts.)
  envBefore = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
  process.env.DATA_DIR = server.dataDir;
  process.env.DATABASE_URL = server.env.DATABASE_URL ?? "";
  const store = await import("~/console/content-store.server");
  const draft = (await store.getDraft(siteId))!;
  const changed = structuredClone(draft.content) as { identity: { name: string } };
  changed.identity.name = DRAFT_NAME;
  const saved = await store.saveDraft(siteId, changed, draft, EDITOR.email);
  expect(saved.ok).toBe(true);
}, 120_000);

afterAll(async () => {
  const { closeDb } = await import("~/db/db.server");
  await closeDb();
  for (const [name, value] of Object.entries(envBefore)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await browser?.close();
  await server?.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
});

test("an editor sees the draft in the phone and desktop frames of 미리보기; the public page does not show it", async () => {
  const { page, errors } = await openPage(browser, "desktop");
  await page.goto(`${server.url}/admin/preview`);
  await page.waitForURL((u) => u.pathname === "/admin/login");
  await page.getByLabel("이메일").fill(EDITOR.email);
  await page.getByLabel("비밀번호").fill(EDITOR.password);
  await page.getByRole("button", { name: "로그인", exact: true }).click();
  await page.waitForURL(`${server.url}/admin/preview`);
  await hydrated(page);

  const phone = page.frameLocator('iframe[title^="휴대폰 화면 미리보기"]');
  const desktop = page.frameLocator('iframe[title^="데스크톱 화면 미리보기"]');
  // Both frames painted within 3 s of the page: the home page's dark first screen, not a blank one.
  for (const frame of ["휴대폰", "데스크톱"]) {
    const box = page.locator(`iframe[title^="${frame} 화면 미리보기"]`);
    await expect
      .poll(async () => (await sharp(await box.screenshot()).stats()).channels[0]!.mean, {
        timeout: 3_000,
      })
      .toBeLessThan(180);
  }
  await poll(() => phone.locator("footer").textContent()).toContain(DRAFT_NAME);
  await poll(() => desktop.locator("footer").textContent()).toContain(DRAFT_NAME);
  const visitor = await fetch(`${server.url}/`).then((r) => r.text());
  expect(visitor).not.toContain(DRAFT_NAME);
  expect(visitor).toContain(content.identity.name);

  // Another page, chosen with the keyboard by its menu title; its links stay in the preview and
  // its forms send nothing.
  const { group, item } = firstMenuItem();
  await page.getByLabel("페이지").focus();
  await page.getByLabel("페이지").selectOption({ label: `${group} › ${item.title}` });
  await page.getByRole("button", { name: "보기" }).press("Enter");
  await page.waitForURL((u) => u.searchParams.get("path") === item.url);
  await poll(() => phone.locator("h1").first().textContent()).toContain(item.title);
  const home = await desktop.locator("a.header-logo").first().getAttribute("href");
  expect(home).toBe("/admin/preview/page");
  expect(errors).toEqual([]);
});

test("the frame's answer is never indexed or stored and may be framed by this site only; signed out and 상담원 get 404", async () => {
  const editor = await cookieOf(EDITOR);
  const frame = await adminFetch(server, editor, "/admin/preview/page/");
  expect(frame.status).toBe(301); // without the trailing slash
  const answer = await adminFetch(server, editor, "/admin/preview/page");
  expect(answer.status).toBe(200);
  expect(answer.headers.get("x-robots-tag")).toContain("noindex");
  expect(answer.headers.get("cache-control")).toBe("no-store");
  expect(answer.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
  expect(answer.headers.get("x-frame-options")).toBe("SAMEORIGIN"); // server/security-headers.js
  expect(await answer.text()).toContain(DRAFT_NAME);

  const signedOut = await rawRequest(server, { path: "/admin/preview/page" });
  expect(signedOut.status).toBe(404);
  expect(signedOut.body).not.toContain(DRAFT_NAME);
  const consultant = await cookieOf(CONSULTANT);
  for (const path of ["/admin/preview", "/admin/preview/page", "/admin/preview/page/Brand/intro"]) {
    const res = await adminFetch(server, consultant, path);
    expect(res.status, path).toBe(404);
    expect(await res.text()).not.toContain(DRAFT_NAME);
  }
});

test("a published version's pages are stored: the server started again loads them without rendering", async () => {
  const agency = await signInCookie(server);
  const published = await adminFetch(server, agency, `/admin/sites/${siteId}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "publish", note: "미리보기 확인" }),
  });
  expect(published.status).toBe(302);
  await poll(() => fetch(`${server.url}/`).then((r) => r.text())).toContain(DRAFT_NAME);
  expect(server.output()).toContain(`pages: ${siteId} rendered`);

  await server.stop();
  server = await startServer({ ...ADMIN_ENV, KEEP_DATA: "1" }, { dataDir: server.dataDir });
  expect(await fetch(`${server.url}/`).then((r) => r.text())).toContain(DRAFT_NAME);
  expect(server.output()).toContain(`pages: ${siteId} loaded from the store`);
  expect(server.output()).not.toContain(`pages: ${siteId} rendered`);
});

function firstMenuItem() {
  for (const group of content.menu) {
    const item = group.items.find((i) => content.pages.some((p) => p.path === i.url));
    if (item) return { group: group.title, item };
  }
  throw new Error("no menu item");
}
