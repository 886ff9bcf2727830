/**
 * Screenshots of pages at phone (390 px) and desktop (1440 px) width, for a person to look at.
 * Usage: npm run build && tsx scripts/screenshots.ts [path ...]   (default: every content page)
 * Writes screenshots/<path>-<width>.png (not committed).
 */
import { mkdirSync } from "node:fs";
import { content } from "../app/content";
import { launchBrowser, openPage } from "../tests/e2e/support/browser";
import { startServer } from "../tests/e2e/support/server";

const paths = process.argv.slice(2).filter((a) => a.startsWith("/"));
const full = process.argv.includes("--full");
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
      const name = (path === "/" ? "home" : path.slice(1).replace(/\//g, "_")) + `-${width}.png`;
      await page.screenshot({ path: `screenshots/${name}`, fullPage: full });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      if (overflow > 0) console.log(`overflow ${overflow}px at ${width}: ${path}`);
    }
    if (errors.length) console.log(`page errors at ${width}:`, errors);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`screenshots of ${targets.length} pages written to screenshots/`);
