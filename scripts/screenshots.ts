/**
 * Screenshots of pages at phone (390 px) and desktop (1440 px) width, for a person to look at.
 * Usage: npm run build && [E2E_SITE=<id>] tsx scripts/screenshots.ts [--full] [--popup] [path ...]
 * (default: every page of the complex; E2E_SITE picks it, as for the browser tests, default anyang).
 * `--popup` also shoots the registration popup opened on the first path.
 * Writes screenshots/<id>-<path>-<width>.png (not committed).
 */
import { mkdirSync } from "node:fs";
import { launchBrowser, openPage } from "../tests/e2e/support/browser";
import { startServer } from "../tests/e2e/support/server";
import { content } from "../tests/e2e/support/sites";

const paths = process.argv.slice(2).filter((a) => a.startsWith("/"));
const full = process.argv.includes("--full");
const withPopup = process.argv.includes("--popup");
const targets = paths.length ? paths : content.pages.map((p) => p.path);
mkdirSync("screenshots", { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
try {
  for (const width of [390, 1440]) {
    const { context, page, errors } = await openPage(browser, {
      width,
      height: width < 900 ? 844 : 900,
    });
    for (const path of targets) {
      await page.goto(server.url + path, { waitUntil: "networkidle" });
      await page.waitForTimeout(900);
      const name =
        `${content.id}-` +
        (path === "/" ? "home" : path.slice(1).replace(/\//g, "_")) +
        `-${width}.png`;
      await page.screenshot({ path: `screenshots/${name}`, fullPage: full });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      if (overflow > 0) console.log(`overflow ${overflow}px at ${width}: ${path}`);
    }
    if (withPopup) {
      await page.goto(server.url + targets[0]!, { waitUntil: "networkidle" });
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      await page.locator(width < 900 ? ".bottom-bar-reserve" : ".header-phone").click();
      await page.getByRole("dialog").waitFor();
      await page.waitForTimeout(900);
      await page.screenshot({ path: `screenshots/${content.id}-popup-${width}.png` });
    }
    if (errors.length) console.log(`page errors at ${width}:`, errors);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`screenshots of ${targets.length} pages written to screenshots/`);
