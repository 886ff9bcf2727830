import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { formatVisitDate, VISIT_SLOTS_PATH, type Availability } from "~/lib/visit-slots";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import { fields, humanPause, popup } from "./support/leads";
import { rawRequest } from "./support/http";
import { startServer, type RunningServer } from "./support/server";

/*
 * Launching a complex as an operator does: `npm run sites -- new` from an existing one, a picture
 * of the builder's own in its folder, `npm run build`, `npm start`; then a visitor on its host
 * books a visit. Run on a copy of sites/ (SITES_DIR) and its own build folder.
 */

const run = promisify(execFile);
const root = mkdtempSync(join(tmpdir(), "new-complex-"));
const sitesDir = join(root, "sites");
const buildDir = resolve(`build-new-complex-${process.pid}`);
const env = { ...process.env, SITES_DIR: sitesDir, BUILD_DIR: buildDir };
const npm = (args: string[]) => run("npm", ["run", "-s", ...args], { env, maxBuffer: 64 << 20 });

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  cpSync("sites", sitesDir, { recursive: true });
  await npm(["sites", "--", "new", "third", "--from", "suwon", "--host", "third.example.com"]);
  // The builder's own render for the home page's wide view, as a JPEG.
  const photo = join(sitesDir, "third", "images", "photo");
  mkdirSync(photo, { recursive: true });
  await sharp({
    create: { width: 2400, height: 1200, channels: 3, background: { r: 40, g: 90, b: 70 } },
  })
    .jpeg()
    .toFile(join(photo, "home-hero-wide.jpg"));
  await npm(["build"]);
  server = await startServer({ SITES_DIR: sitesDir, BUILD_DIR: buildDir });
  browser = await launchBrowser();
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(buildDir, { recursive: true, force: true });
  rmSync(root, { recursive: true, force: true });
});

const onHost = (path: string, host = `third.localhost:${server.port}`) =>
  rawRequest(server, { path, headers: { Host: host } });

describe("a complex made with `sites new`", () => {
  test("is listed, and answered on its host and on <id>.localhost with its own name", async () => {
    const { stdout } = await npm(["sites", "--", "list", "--json"]);
    expect(JSON.parse(stdout)).toContainEqual({
      id: "third",
      name: "아벨루스 광교 레이크파크",
      hosts: ["third.example.com"],
      pressSite: "gwanggyo",
      default: false,
    });
    for (const host of ["third.example.com", `third.localhost:${server.port}`]) {
      const home = await onHost("/", host);
      expect(home.status).toBe(200);
      expect(home.body).toContain(`<link rel="canonical" href="https://third.example.com/"`);
    }
  });

  test("its supplied JPEG is on its home page as AVIF and WebP variants", async () => {
    const home = (await onHost("/")).body;
    for (const format of ["avif", "webp"]) {
      const url = `/img/sites/third/photo/home-hero-wide-750.${format}`;
      expect(home).toContain(url);
      const image = await onHost(url);
      expect(image.status).toBe(200);
      expect(image.headers["content-type"]).toBe(`image/${format}`);
    }
    // The other complexes keep their drawn view.
    expect((await rawRequest(server, { path: "/" })).body).not.toContain("/img/sites/third/");
  });

  test("a visitor books a visit on it from the popup; the lead is the new complex's alone", async () => {
    const { context, page } = await openPage(browser, "desktop");
    try {
      await page.goto(`http://third.localhost:${server.port}/Brand/intro`);
      await hydrated(page);
      await page.locator(".header-phone").click();
      const dialog = popup(page);
      const days = JSON.parse((await onHost(VISIT_SLOTS_PATH)).body) as Availability;
      const day = days.days.find((d) => d.slots.some((s) => s.state === "open"))!;
      const f = fields(dialog);
      await f.name.fill("셋째단지");
      await f.phone.fill("010-5555-0303");
      await dialog.getByRole("radio", { name: formatVisitDate(day.date) }).check();
      const time = day.slots.find((s) => s.state === "open")!.time;
      await dialog.getByRole("radio", { name: new RegExp(`^${time}`) }).check();
      await f.consent.check();
      await humanPause(page);
      await f.submit.click();
      await expect
        .poll(() => f.status.textContent(), { timeout: 15_000 })
        .toContain("등록이 완료되었습니다");
    } finally {
      await context.close();
    }
    const exported = async (site: string) =>
      (
        await run("npm", ["run", "-s", "leads", "--", "export", "--site", site], {
          env: { ...env, DATA_DIR: server.dataDir, DATABASE_URL: server.env.DATABASE_URL },
        })
      ).stdout;
    expect(await exported("third")).toContain("셋째단지");
    expect(await exported("anyang")).not.toContain("셋째단지");
  });

  test("a broken phone number in its file stops the build with a Korean message naming the file", async () => {
    const file = join(sitesDir, "third", "site.yaml");
    writeFileSync(
      file,
      readFileSync(file, "utf8").replace(/^ {2}phone: .*$/m, "  phone: 전화번호아님"),
    );
    const failed = await npm(["build"]).then(
      () => "",
      (error: { stderr: string; stdout: string }) => error.stderr + error.stdout,
    );
    expect(failed).toContain(
      `${sitesDir}/third/site.yaml: contact.phone "전화번호아님"은 전화번호 형식이 아닙니다`,
    );
  });
});
