import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from "playwright-core";
import { afterAll, beforeAll, beforeEach } from "vitest";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

/**
 * Debian's Chromium, headless. playwright-core turns the back/forward cache off; `backForwardCache`
 * leaves it on, as in a visitor's browser, where Back and Forward show a page again as it was left
 * (its scripts and state kept, no `load` event) rather than loading it anew.
 */
export function launchBrowser(options: { backForwardCache?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
    ...(options.backForwardCache ? { ignoreDefaultArgs: ["--disable-back-forward-cache"] } : {}),
  });
}

/**
 * For the tests of Back as visitors meet it: a browser with the back/forward cache on, launched
 * before the tests of the enclosing block and closed after them.
 */
export function useCachingBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser({ backForwardCache: true });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

/**
 * A fresh context and page at a viewport. Outside requests (video and VR embeds) are cut off, as on
 * a machine without internet: pages must work without them. Page errors are collected for asserts.
 * (Opening the next page ahead, in the background while a test runs, was measured slower: layout
 * 66 → 81 s, though a new page costs about 0.26 s, all of it waited for.)
 */
export async function openPage(
  browser: Browser,
  viewport: keyof typeof VIEWPORTS | { width: number; height: number },
  options: { javaScriptEnabled?: boolean; userAgent?: string } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const size = typeof viewport === "string" ? VIEWPORTS[viewport] : viewport;
  const context = await browser.newContext({
    viewport: size,
    isMobile: size.width < 900,
    hasTouch: size.width < 900,
    locale: "ko-KR",
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  // Everything beyond this machine is cut off; `<id>.localhost` names a complex on it.
  await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1|[a-z0-9-]+\.localhost[:/])/, (route) =>
    route.abort(),
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  return { context, page, errors };
}

/**
 * One page for the tests of the enclosing block, opened before them and closed after them, for
 * tests that each go to a page and read it, where nothing one leaves behind (cookies, storage,
 * history) changes what the next reads. A new page costs Chromium about 0.9 CPU-seconds, even a
 * blank one, which is most of such a test's. Its `errors` are emptied before each test.
 */
export function useSharedPage(
  browser: () => Browser,
  viewport: Parameters<typeof openPage>[1],
  options: Parameters<typeof openPage>[2] = {},
): () => Awaited<ReturnType<typeof openPage>> {
  let opened: Awaited<ReturnType<typeof openPage>> | undefined;
  beforeAll(async () => {
    opened = await openPage(browser(), viewport, options);
  });
  beforeEach(() => {
    if (opened) opened.errors.length = 0;
  });
  afterAll(async () => {
    await opened?.context.close();
  });
  return () => opened!;
}

/**
 * Waits until the page's scripts have attached their behaviour (app/enhance/main.ts; React on the
 * administrator's pages), so clicks reach event handlers.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/**
 * Back in history, then waits until `ready` (something of the previous page) shows. It waits for
 * the page, not for a `load` event: a page shown again from the back/forward cache fires none
 * (page.goBack()'s default wait then runs out after 30 s), and a page loaded anew is ready only
 * once its content is there.
 */
export async function backTo(page: Page, ready: Locator) {
  await page.goBack({ waitUntil: "commit" });
  await ready.waitFor();
}

/**
 * The page's script files (/assets/*.js) arrive `ms` late, as on a slow phone network: what a
 * visitor does in the meantime meets only the page's HTML, its inline code and its first-screen CSS
 * (docs/before-the-script.md).
 */
export async function delayScripts(page: Page, ms = 3000) {
  await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue().catch(() => undefined);
  });
}
