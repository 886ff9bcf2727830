import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

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

/** Waits until React has hydrated the page, so clicks reach event handlers. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}
