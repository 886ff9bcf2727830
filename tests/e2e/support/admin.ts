import type { Page } from "playwright-core";
import sharp from "sharp";
import { expect } from "vitest";
import { content } from "./sites";
import type { RunningServer } from "./server";

/** expect.poll with room for a busy machine (the default gives up after one second). */
export const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

/** The administrator the browser tests start the server with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const ADMIN = { email: "press-admin@example.com", password: "e2e-correct-horse-battery" };
export const ADMIN_ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };

/** A desktop Chrome: headless Chromium's own user agent is, rightly, a bot's (views do not count). */
export const PERSON_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36";

/** A plain photo for the write form (JPEG, 1600×900 unless told). */
export const jpeg = (width = 1600, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: "#2a4a7a" } })
    .jpeg()
    .toBuffer();

/**
 * Signs in over HTTP as a same-origin form would (as ADMIN unless told); answers the Cookie header
 * to send afterwards.
 */
export async function signInCookie(
  server: RunningServer,
  who: { email: string; password: string } = ADMIN,
): Promise<string> {
  const res = await fetch(`${server.url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: who.email, password: who.password }),
  });
  const setCookie = res.headers.get("set-cookie");
  expect(res.status, "sign-in answers with a redirect").toBe(302);
  expect(setCookie).toBeTruthy();
  return setCookie!.split(";")[0]!;
}

/** A request of the signed-in administrator from a page of the site (Origin set, redirects not followed). */
export function adminFetch(
  server: RunningServer,
  cookie: string,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  return fetch(server.url + path, {
    redirect: "manual",
    ...init,
    headers: { Origin: server.url, Cookie: cookie, ...(init.headers ?? {}) },
  });
}

/** Posts an article through the write form's action; answers its id. */
export async function postArticle(
  server: RunningServer,
  cookie: string,
  fields: Record<string, string | Blob>,
  site = content.press.defaultSite,
): Promise<string> {
  const form = new FormData();
  form.set("intent", "create");
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const res = await adminFetch(server, cookie, `/${site}/press`, { method: "POST", body: form });
  const location = res.headers.get("location") ?? "";
  expect(
    res.status,
    await res
      .clone()
      .text()
      .then((t) => t.slice(0, 300)),
  ).toBe(302);
  return /posted=([a-z0-9]{12})/.exec(location)![1]!;
}

/** Signs in through the sign-in form below the press list. */
export async function signInOnPressList(
  page: Page,
  server: RunningServer,
  site = content.press.defaultSite,
) {
  await page.goto(`${server.url}/${site}/press`);
  const form = page.locator("form").filter({ has: page.getByLabel("비밀번호") });
  await form.getByLabel("이메일").fill(ADMIN.email);
  await form.getByLabel("비밀번호").fill(ADMIN.password);
  await form.getByRole("button", { name: "로그인" }).click();
  await poll(() => page.getByText(`${ADMIN.email}님, 환영합니다.`).isVisible()).toBe(true);
}

/** Opens `path` signed out, signs in on the sign-in page it sends to, and waits to be back on `path`. */
export async function signInVia(page: Page, server: RunningServer, path: string) {
  await page.goto(server.url + path);
  await page.waitForURL((u) => u.pathname === "/admin/login");
  await page.getByLabel("이메일").fill(ADMIN.email);
  await page.getByLabel("비밀번호").fill(ADMIN.password);
  const submit = page.getByRole("button", { name: "로그인", exact: true });
  await submit.click();
  await page.waitForURL(server.url + path);
  // A client-side navigation changes the address before React puts the page in: wait for the
  // sign-in form to go, so a caller's reads that do not wait (allTextContents) see the new page.
  await submit.waitFor({ state: "detached" });
}

/**
 * Opens `path` (/admin) signed out and signs in on the sign-in page with the keyboard alone (the
 * e-mail, Tab, the password, Enter); waits for it, its script attached. `base`: another host of the
 * server (`http://suwon.localhost:<port>`).
 */
export async function signInWithKeyboard(
  page: Page,
  server: RunningServer,
  path = "/admin",
  base = server.url,
) {
  await page.goto(`${base}${path}`);
  await page.waitForURL((u) => u.pathname === "/admin/login");
  await page.getByLabel("이메일").focus();
  await page.keyboard.type(ADMIN.email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press("Enter");
  await page.waitForURL(`${base}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}
