/**
 * The Hangul fallback's size-adjust in app/styles/fonts.css: how wide a syllable of the complexes'
 * text is in Pretendard and in Noto Sans CJK KR (Android's and Linux's Korean font), measured in
 * Chromium at weights 400 and 700. Pretendard's Hangul is fixed-width, so one ratio holds for every
 * line. The machine has no Korean font of its own: Debian's fonts-noto-cjk is downloaded (not
 * installed) into node_modules/.cache and shown to this Chromium only.
 *
 *   node scripts/measure-fallback.mjs
 */
/* global document */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { koreanFontEnv } from "./bench-helpers.mjs";

const { env, font } = koreanFontEnv();
if (!env.FONTCONFIG_FILE) throw new Error(`Noto Sans CJK KR is needed to measure: ${font}`);

const text = readdirSync("sites")
  .filter((id) => existsSync(join("sites", id, "site.yaml")))
  .map((id) => readFileSync(join("sites", id, "site.yaml"), "utf8"))
  .join("");
const hangul = [...text].filter((c) => /[\uac00-\ud7a3]/.test(c)).join("");
const pretendard = readFileSync(
  "node_modules/pretendard/dist/web/variable/woff2/PretendardVariable.woff2",
).toString("base64");

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
  env,
});
const page = await browser.newPage();
await page.setContent(
  `<style>@font-face{font-family:P;src:url(data:font/woff2;base64,${pretendard});font-weight:100 900}</style><p style="font-family:P">가</p>`,
);
await page.evaluate(() => document.fonts.ready);
const widths = await page.evaluate((hangul) => {
  const canvas = document.createElement("canvas").getContext("2d");
  const em = (family, weight) => {
    canvas.font = `${weight} 100px "${family}"`;
    return canvas.measureText(hangul).width / hangul.length / 100;
  };
  return [400, 700].map((w) => ({
    weight: w,
    pretendard: em("P", w),
    noto: em("Noto Sans CJK KR", w),
  }));
}, hangul);
await browser.close();

const ASCENT = 0.9521; // Pretendard: 1950 / 2048
const DESCENT = 0.2412; // 494 / 2048
for (const { weight, pretendard: p, noto } of widths) {
  const adjust = p / noto;
  console.log(
    `weight ${weight}: ${hangul.length} syllables, Pretendard ${p.toFixed(4)} em, Noto Sans CJK KR ${noto.toFixed(4)} em → size-adjust ${(adjust * 100).toFixed(2)}%, ascent-override ${((ASCENT / adjust) * 100).toFixed(2)}%, descent-override ${((DESCENT / adjust) * 100).toFixed(2)}%`,
  );
}
