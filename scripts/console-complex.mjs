/**
 * A complex made in the console, as an agency administrator makes it, for the benches that measure
 * one (bench-floor): signed in on a running production server, `id` is created as a copy of `from`,
 * its name changed and a 4000×3000 photo uploaded as its home picture and a PNG as its first unit
 * type's floor plan in the generated form, saved, published, and waited for until its home page is
 * served. Drives Chromium with playwright-core, as the browser tests do.
 *
 *   await makeConsoleComplex({ url: "http://127.0.0.1:3000", id: "dongtan", from: "suwon" });
 */
/* global document -- in the page, through playwright */
import { get } from "node:http";
import { chromium } from "playwright-core";
import sharp from "sharp";
import { ADMIN, CHROMIUM_ARGS } from "./bench-helpers.mjs";

/** The home page as `host` asks for it (fetch() sends no Host of its own). */
function homeOf(port, host) {
  return new Promise((done, fail) => {
    get({ host: "127.0.0.1", port, path: "/", headers: { host } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => done({ status: res.statusCode, text }));
    }).on("error", fail);
  });
}

/** A photo-like picture: a gradient with noise, so its encoded size is a real photo's. */
async function photo(width, height) {
  const noise = await sharp({
    create: { width, height, channels: 3, noise: { type: "gaussian", mean: 128, sigma: 40 } },
  })
    .blur(2)
    .png()
    .toBuffer();
  return sharp(noise).modulate({ saturation: 0.6 }).jpeg({ quality: 88 }).toBuffer();
}

/**
 * @param {{ url: string, id: string, from: string, name?: string, chromePath?: string }} options
 * @returns {Promise<{ seconds: number }>}
 */
export async function makeConsoleComplex({
  url,
  id,
  from,
  name = "동탄 레이크 파크뷰",
  chromePath = process.env.CHROME_PATH || "/usr/bin/chromium",
}) {
  const started = Date.now();
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
  try {
    const page = await (
      await browser.newContext({ viewport: { width: 1440, height: 900 } })
    ).newPage();
    await page.goto(`${url}/admin/login?redirectTo=/admin/sites`);
    await page.getByLabel("이메일").fill(ADMIN.email);
    await page.getByLabel("비밀번호").fill(ADMIN.password);
    await page.getByRole("button", { name: "로그인" }).click();
    await page.waitForURL((u) => u.pathname === "/admin/sites");

    await page.getByRole("link", { name: "새 단지 만들기" }).click();
    await page.waitForURL((u) => u.pathname === "/admin/sites/new");
    await page.getByLabel("단지명").fill(name);
    await page.getByLabel("단지 ID (영문 소문자, 숫자, -)").fill(id);
    await page.getByLabel("복사할 단지").selectOption(from);
    await page.getByRole("button", { name: "만들고 다음" }).click();
    await page.waitForURL((u) => u.pathname === `/admin/sites/${id}/start/color`);

    // Each picture on its section's page (홈 화면, 주택형), saved there.
    const section = async (group) => {
      await page.goto(`${url}/admin/content/${group}?site=${id}`);
      await page.waitForSelector("html[data-hydrated]");
    };
    const upload = async (slot, file, mimeType, buffer) => {
      await page.locator(`[id="f-${slot}.$file"]`).setInputFiles({ name: file, mimeType, buffer });
      await page.waitForFunction(
        (s) =>
          document
            .querySelector(`[id="f-${s}"] .cf-upload-status`)
            ?.textContent?.includes("그림을 올렸습니다"),
        slot,
        { timeout: 60_000 },
      );
    };
    const save = async () => {
      await page.getByRole("button", { name: "저장", exact: true }).click();
      await page.waitForFunction(
        () => document.querySelector(".cf-actions-note")?.textContent?.includes("초안 저장됨"),
        null,
        { timeout: 30_000 },
      );
    };
    await section("home");
    await upload("home.hero.wide", "hero.jpg", "image/jpeg", await photo(4000, 3000));
    await save();
    const plan = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: "#ffffff" },
    })
      .png()
      .toBuffer();
    await section("units");
    await upload("unitTypes.0.plan", "plan.png", "image/png", plan);
    await save();

    await page.goto(`${url}/admin/sites/${id}`);
    await page.getByRole("button", { name: "초안 게시" }).click();
    await page.waitForURL((u) => u.searchParams.get("done") === "published");
  } finally {
    await browser.close();
  }
  // Served once every instance follows the store (a second or so).
  const port = Number(new URL(url).port);
  for (const until = Date.now() + 30_000; ; await new Promise((r) => setTimeout(r, 250))) {
    const home = await homeOf(port, `${id}.localhost:${port}`).catch(() => null);
    if (home?.status === 200 && home.text.includes(name)) break;
    if (Date.now() > until) throw new Error(`${id} was not served after publishing`);
  }
  return { seconds: Math.round((Date.now() - started) / 1000) };
}
