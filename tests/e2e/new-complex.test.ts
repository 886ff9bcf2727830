import { execFile } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { formatVisitDate, VISIT_SLOTS_PATH, type Availability } from "~/bookings/visit-slots";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import { fields, humanPause, popup } from "./support/leads";
import { rawRequest, readableHtml } from "./support/http";
import { standInScript, vendorOfScript } from "../../scripts/vendor-stand-ins.mjs";
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

const TRACKING = {
  naver: "s_third1234",
  kakao: "7710000000000000001",
  meta: "990000000000001",
  google: "AW-111222333/thirdLead_1",
};
const TRACKING_YAML = `tracking:
  naver: { wa: ${TRACKING.naver} }
  kakao: { trackId: "${TRACKING.kakao}" }
  meta: { pixelId: "${TRACKING.meta}" }
  google: { sendTo: ${TRACKING.google} }
`;

const THIRD_NAME = "셋째 레이크 센트럴";
const THIRD_COLOUR = "#233d5c";

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
  // Its agency measures its ads on all four platforms (the samples set none), and it has its own
  // name and colour.
  writeFileSync(
    join(sitesDir, "third", "site.yaml"),
    `${readFileSync(join(sitesDir, "third", "site.yaml"), "utf8")
      .replace(/^ {2}name: .*$/m, `  name: ${THIRD_NAME}`)
      .replace(/^ {2}color: .*$/m, `  color: "${THIRD_COLOUR}"`)}\n${TRACKING_YAML}`,
  );
  await npm(["build"]);
  server = await startServer({ SITES_DIR: sitesDir, BUILD_DIR: buildDir });
  browser = await launchBrowser();
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(buildDir, { recursive: true, force: true });
  rmSync(root, { recursive: true, force: true });
  // Its pictures, which the image step wrote beside the samples'.
  for (const dir of ["public/img/sites/third", "public/img/art/third", ".artwork/third"])
    rmSync(dir, { recursive: true, force: true });
});

const onHost = (path: string, host = `third.localhost:${server.port}`) =>
  rawRequest(server, { path, headers: { Host: host } });

describe("a complex made with `sites new`", () => {
  test("is listed, and answered on its host and on <id>.localhost with its own name", async () => {
    const { stdout } = await npm(["sites", "--", "list", "--json"]);
    expect(JSON.parse(stdout)).toContainEqual({
      id: "third",
      name: THIRD_NAME,
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

  test("its logo and share image are drawn from its own name and colour, not copied from 수원", async () => {
    for (const file of ["brand/logo.svg", "photo/og-image.svg"])
      expect(existsSync(join(sitesDir, "third", "images", file)), file).toBe(false);
    const home = (await onHost("/")).body;
    expect(home).not.toContain("/img/sites/suwon/brand/");
    const logo = /<img class="logo" src="([^"]+)"/.exec(home)?.[1];
    expect(logo).toBe("/img/art/third/brand/drawn-logo.svg");
    const svg = await onHost(logo!);
    expect([svg.status, svg.headers["content-type"]]).toEqual([200, "image/svg+xml"]);
    expect(svg.body).toContain(`<title>${THIRD_NAME}</title>`);
    expect(svg.body).toContain(`fill="${THIRD_COLOUR}"`);
    expect(svg.body).not.toContain("<text");
    const og = /<meta property="og:image" content="([^"]+)"/.exec(home)?.[1] ?? "";
    expect(new URL(og).pathname).toBe("/img/art/third/photo/drawn-share-1200.jpg");
    // Static pictures: the same for every host.
    const share = await fetch(`${server.url}${new URL(og).pathname}`);
    const meta = await sharp(Buffer.from(await share.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);
    // The samples keep their own.
    expect((await rawRequest(server, { path: "/" })).body).not.toContain("drawn-logo");
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

  describe("its ad tags (content `tracking`), against local stand-ins of the vendors' scripts", () => {
    type Call = { vendor: string; call: string; args: unknown[] };
    const calls = (page: Page) =>
      page.evaluate(() => (window as unknown as { __vendorCalls?: Call[] }).__vendorCalls ?? []);
    const named = (list: Call[], vendor: string, call: string, arg?: unknown) =>
      list.filter(
        (c) => c.vendor === vendor && c.call === call && (arg === undefined || c.args[0] === arg),
      );

    /** A page of the complex whose vendor scripts are the stand-ins; every vendor request kept. */
    async function tagged(viewport: "phone" | "desktop", init?: string) {
      const opened = await openPage(browser, viewport);
      const requests: string[] = [];
      await opened.context.route(
        /^https:\/\/(wcs\.naver\.(net|com)|t1\.daumcdn\.net|bc\.ad\.daum\.net|connect\.facebook\.net|www\.facebook\.com|www\.googletagmanager\.com|www\.google\.com|googleads\.g\.doubleclick\.net|www\.googleadservices\.com)\//,
        (route) => {
          const url = route.request().url();
          requests.push(url);
          const vendor = vendorOfScript(url);
          return vendor
            ? route.fulfill({ contentType: "text/javascript", body: standInScript(vendor) })
            : route.fulfill({ status: 204 });
        },
      );
      if (init) await opened.context.addInitScript(init);
      // A tap on a tel: link must not leave the page here (no dialer).
      await opened.context.addInitScript(() =>
        window.addEventListener("click", (e) => {
          if ((e.target as Element).closest?.('a[href^="tel:"]')) e.preventDefault();
        }),
      );
      return { ...opened, requests };
    }
    const pageViews = async (page: Page) => {
      const list = await calls(page);
      return [
        named(list, "naver", "wcs_do").length,
        named(list, "kakao", "pageView", TRACKING.kakao).length,
        named(list, "meta", "track", "PageView").length,
        named(list, "google", "config", "AW-111222333").length,
      ];
    };

    test("its pages name exactly the vendors' hosts in their policy; the samples' pages name none", async () => {
      const home = await onHost("/");
      const policy = String(home.headers["content-security-policy"]);
      expect(policy).toMatch(
        /script-src 'self' https:\/\/wcs\.naver\.net https:\/\/t1\.daumcdn\.net https:\/\/connect\.facebook\.net https:\/\/www\.googletagmanager\.com https:\/\/www\.googleadservices\.com 'sha256-/,
      );
      expect(policy).toContain("connect-src 'self' https://wcs.naver.com https://bc.ad.daum.net");
      const sample = await rawRequest(server, { path: "/" });
      expect(sample.body).not.toContain("data-tracking");
      expect(String(sample.headers["content-security-policy"])).not.toMatch(
        /naver|daum|facebook|google/,
      );
      // A booking's page (its address is the booking's key) carries no tag.
      expect((await onHost("/b/no-such-booking")).body).not.toContain("data-tracking");
      expect(home.body).toContain("data-tracking");
    });

    test("a page view per page, each tag fetched only after the page has loaded", async () => {
      const { context, page, requests } = await tagged("phone");
      try {
        await page.goto(`http://third.localhost:${server.port}/Brand/intro`);
        await expect.poll(() => pageViews(page), { timeout: 15_000 }).toEqual([1, 1, 1, 1]);
        const timing = await page.evaluate(() => {
          const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
          const tags = performance
            .getEntriesByType("resource")
            .filter((r) => !r.name.startsWith(location.origin))
            .map((r) => r.startTime);
          return { loaded: nav.loadEventEnd, first: Math.min(...tags), count: tags.length };
        });
        expect(timing.count).toBe(4);
        expect(timing.first).toBeGreaterThanOrEqual(timing.loaded);
        expect(requests.filter((u) => vendorOfScript(u)).length).toBe(4);
        // The next page: its own page view.
        await page.goto(`http://third.localhost:${server.port}/Location/intro`);
        await expect.poll(() => pageViews(page), { timeout: 15_000 }).toEqual([1, 1, 1, 1]);
      } finally {
        await context.close();
      }
    });

    test("a registration the server stored fires each vendor's lead event once with the lead's id and nothing personal; a refused or repeated one fires none", async () => {
      const { context, page, requests } = await tagged("desktop");
      const name = "광고측정";
      const phone = "010-5555-0404";
      try {
        await page.goto(`http://third.localhost:${server.port}/Brand/intro`);
        await hydrated(page);
        await expect.poll(() => pageViews(page), { timeout: 15_000 }).toEqual([1, 1, 1, 1]);
        await page.locator(".header-phone").click();
        const dialog = popup(page);
        const f = fields(dialog);
        // Refused: a phone number the form does not take.
        await f.name.fill(name);
        await f.phone.fill("010-12");
        await f.consent.check();
        await humanPause(page);
        await f.submit.click();
        await expect.poll(() => dialog.getByText("연락처를 정확히 입력해 주세요").count()).toBe(1);
        // Accepted, with a visit booked.
        await f.phone.fill(phone);
        const days = JSON.parse((await onHost(VISIT_SLOTS_PATH)).body) as Availability;
        const day = days.days.find((d) => d.slots.some((s) => s.state === "open"))!;
        await dialog.getByRole("radio", { name: formatVisitDate(day.date) }).check();
        const time = day.slots.find((s) => s.state === "open")!.time;
        await dialog.getByRole("radio", { name: new RegExp(`^${time}`) }).check();
        const answered = page.waitForResponse((r) => r.url().includes("/api/leads"));
        await f.submit.click();
        const answer = (await (await answered).json()) as { conversion?: { id: string } };
        const id = answer.conversion?.id;
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
        await expect
          .poll(
            async () => {
              const list = await calls(page);
              return [
                named(list, "naver", "trans").map((c) => (c.args[0] as { type: string }).type),
                named(list, "kakao", "participation", TRACKING.kakao).length,
                named(list, "meta", "track", "Lead").map((c) => c.args[2]),
                named(list, "google", "event", "conversion").map((c) => c.args[1]),
              ];
            },
            { timeout: 15_000 },
          )
          .toEqual([
            ["lead", "schedule"],
            1,
            [{ eventID: id }],
            [{ send_to: TRACKING.google, transaction_id: id }],
          ]);
        // The same registration again: acknowledged, stored once, no second event.
        await dialog.getByRole("button", { name: "확인" }).click();
        await page.locator(".header-phone").click();
        await f.name.fill(name);
        await f.phone.fill(phone);
        await dialog.getByRole("radio", { name: formatVisitDate(day.date) }).check();
        await dialog.getByRole("radio", { name: new RegExp(`^${time}`) }).check();
        await f.consent.check();
        await humanPause(page);
        const again = page.waitForResponse((r) => r.url().includes("/api/leads"));
        await f.submit.click();
        expect(
          ((await (await again).json()) as { conversion?: unknown }).conversion,
        ).toBeUndefined();
        await expect.poll(() => f.status.textContent()).toContain("등록이 완료되었습니다");
        await page.waitForTimeout(500);
        const after = await calls(page);
        expect(named(after, "naver", "trans")).toHaveLength(2);
        expect(named(after, "meta", "track", "Lead")).toHaveLength(1);
        expect(named(after, "google", "event", "conversion")).toHaveLength(1);
        expect(named(after, "kakao", "participation")).toHaveLength(1);
        // Nothing the visitor typed reached a vendor, in a call or in an address.
        const sent = JSON.stringify(after) + requests.join(" ");
        for (const typed of [name, phone, phone.replace(/-/g, ""), "5555"])
          expect(sent).not.toContain(typed);
        expect(sent).not.toContain(encodeURIComponent(name));
      } finally {
        await context.close();
      }
    });

    test("a tap on a tel: link fires Naver `call`", async () => {
      const { context, page } = await tagged("phone");
      try {
        await page.goto(`http://third.localhost:${server.port}/Brand/intro`);
        await expect.poll(() => pageViews(page), { timeout: 15_000 }).toEqual([1, 1, 1, 1]);
        await page.locator('.bottom-bar a[href^="tel:"]').first().tap();
        await expect
          .poll(async () => named(await calls(page), "naver", "trans").map((c) => c.args[0]))
          .toEqual([{ type: "call" }]);
      } finally {
        await context.close();
      }
    });

    test("a browser that asks not to be tracked (GPC) gets no tag", async () => {
      const { context, page, requests } = await tagged(
        "phone",
        "Object.defineProperty(navigator, 'globalPrivacyControl', { get: () => true })",
      );
      try {
        await page.goto(`http://third.localhost:${server.port}/Brand/intro`);
        await hydrated(page);
        await page.waitForTimeout(1500);
        expect(requests).toEqual([]);
      } finally {
        await context.close();
      }
    });

    test("its privacy page lists the four tools and how to refuse them; a sample's lists none", async () => {
      const privacy = readableHtml((await onHost("/privacy")).body);
      expect(privacy).toContain("행태정보의 수집·이용 및 거부");
      for (const tool of ["네이버 광고 전환추적", "카카오 픽셀", "메타 픽셀", "구글 광고 전환추적"])
        expect(privacy).toContain(tool);
      expect(privacy).toContain("글로벌 개인정보 보호 제어(GPC)");
      const sample = readableHtml((await rawRequest(server, { path: "/privacy" })).body);
      expect(sample).not.toContain("행태정보");
    });
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
      `${sitesDir}/third/site.yaml: identity.phone "전화번호아님"은 전화번호 형식이 아닙니다`,
    );
  });
});
