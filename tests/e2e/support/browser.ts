import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from "playwright-core";

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

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
}

/**
 * A fresh context and page at a viewport. Outside requests (video and VR embeds) are cut off, as on
 * a machine without internet: pages must work without them. Page errors are collected for asserts.
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
  await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.abort());
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  return { context, page, errors };
}

/**
 * Waits until the page's scripts have attached their behaviour (app/enhance/main.ts; React on the
 * administrator's pages), so clicks reach event handlers.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/**
 * Back in history, then waits for `ready` (something of the previous page) to show. Twice in full
 * CI runs under load (never alone), the previous page did not come back within 30 s after a
 * Back (then a client-side one, before public pages stopped being hydrated); the cause was not
 * found. Should it happen again, this says what the page showed.
 */
export async function backTo(page: Page, ready: Locator) {
  await page.goBack();
  try {
    await ready.waitFor({ timeout: 20_000 });
  } catch (error) {
    const seen = await page.evaluate(() => ({
      url: location.href,
      state: JSON.stringify(history.state),
      heading: document.querySelector("h1")?.textContent,
      hydrated: document.documentElement.dataset.hydrated,
    }));
    console.warn("Back did not show the previous page:", JSON.stringify(seen));
    throw error;
  }
}
