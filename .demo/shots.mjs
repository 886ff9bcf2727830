import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
const port = 4191;
const srv = spawn("node", ["server/index.js"], { env: { ...process.env, PORT: String(port), DATA_DIR: "/tmp/shots-data" }, stdio: "ignore" });
await new Promise((r) => setTimeout(r, 5000));
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"] });
for (const [w, h] of [[390, 844], [1440, 900]]) {
  const page = await b.newPage({ viewport: { width: w, height: h } });
  for (const path of ["/SalesInfo/announcement", "/FloorPlan/Emodel", "/FloorPlan/videos"]) {
    await page.goto(`http://suwon.localhost:${port}${path}`);
    await page.waitForTimeout(2500);
    const el = page.locator(path.includes("announcement") ? ".doc-viewer, .doc-pages" : ".media-section").first();
    await el.scrollIntoViewIfNeeded();
    await el.screenshot({ path: `/tmp/suwon-${w}${path.replaceAll("/", "_")}.png` });
  }
  // keyboard: tab to the 360 start on Emodel and press Enter
  await page.goto(`http://suwon.localhost:${port}/FloorPlan/Emodel`);
  await page.waitForTimeout(2500);
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    const ok = await page.evaluate(() => document.activeElement?.classList.contains("tour-start"));
    if (ok) { await page.keyboard.press("Enter"); console.log(w, "tour start reached by Tab after", i + 1); break; }
  }
  await page.waitForTimeout(2500);
  console.log(w, "canvas:", await page.locator("[role=tabpanel]:not([hidden]) canvas").count(), "phone link:", await page.locator("a[href^='tel:']").first().getAttribute("href"));
  await page.locator("[role=tabpanel]:not([hidden]) [data-media='tour']").screenshot({ path: `/tmp/suwon-${w}-tour-open.png` });
}
await b.close(); srv.kill();
