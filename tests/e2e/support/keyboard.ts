import type { Page } from "playwright-core";

/** The focused control's name as a person reads it: its label's text, else its own, on one line. */
export const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return ((el?.labels?.[0] ?? el)?.innerText ?? "").replace(/\s+/g, " ").trim();
  });

/**
 * Presses Tab until the focused control's name holds `name` (a walk by keyboard alone); fails,
 * saying where the focus is, after `max` presses.
 */
export async function tabTo(page: Page, name: string, max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if ((await focusedName(page)).includes(name)) return;
  }
  throw new Error(`Tab never reached «${name}»; focus is on «${await focusedName(page)}»`);
}

/**
 * Turns Playwright's file-chooser interception on before any key can open a chooser. Playwright
 * turns it on only when the first listener is added, and does not wait: a key pressed right after
 * the first `waitForEvent("filechooser")` can reach the page first. Chromium then opens a real
 * picker, which nothing closes, no event comes and no other picker opens (CI saw this under load).
 * Call once, right after the page opens.
 */
export function interceptFileChoosers(page: Page) {
  page.on("filechooser", () => undefined);
}
