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
