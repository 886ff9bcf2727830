/**
 * Screenshots of pages at phone (390 px) and desktop (1440 px) width, for a person to look at.
 * Usage: npm run build && tsx scripts/screenshots.ts [--site ID] [path ...]   (default: every
 * content page of the default complex). Writes screenshots/[<id>/]<path>-<width>.png (not committed).
 */
import { mkdirSync } from "node:fs";
import { defaultSite, requireSite } from "../app/sites/registry.server";
import { launchBrowser, openPage } from "../tests/e2e/support/browser";
import { startServer } from "../tests/e2e/support/server";

const args = process.argv.slice(2);
const siteArg = args.indexOf("--site");
const site = siteArg === -1 ? defaultSite() : requireSite(args[siteArg + 1] ?? "");
const paths = args.filter((a) => a.startsWith("/"));
const full = args.includes("--full");
const targets = paths.length ? paths : site.pages.map((p) => p.path);
const dir = siteArg === -1 ? "screenshots" : `screenshots/${site.id}`;
mkdirSync(dir, { recursive: true });
// Every request to localhost is the chosen complex.
const server = await startServer({ DEFAULT_SITE: site.id });
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
      await page.screenshot({ path: `${dir}/${name}`, fullPage: full });
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
console.log(`screenshots of ${targets.length} pages written to ${dir}/`);
