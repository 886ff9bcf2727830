import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startS3 } from "~/media/test-support";
import { readSiteFile } from "~/sites/registry.server";
import { ADMIN_ENV, jpeg, poll, signInVia } from "./support/admin";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import { rawRequest, readableHtml } from "./support/http";
import { startInstances, type RunningServer } from "./support/server";

/*
 * The agency console as an agency administrator uses it (issue 29): a new complex copied from a
 * sample, 준비 중 on its host until published; its name, phone and main colour changed and a
 * 4000×3000 home picture and a PNG floor plan uploaded in the generated form, saved as a draft;
 * then published and served by every instance within 5 s, pictures from the S3-compatible store as
 * AVIF and WebP, without a build, restart or command. Its own servers: with PostgreSQL (CI) two
 * instances on one database and one bucket, the complex made on the first and read on both; with
 * SQLite, one.
 */

const FOLLOW_MS = 5_000;
const NAME = "동탄 레이크 파크뷰";
const NAME_2 = "동탄 레이크 파크뷰 2차";
const PHONE = "1588-3030";
const COLOUR = "#123456";
const BRAND = "레이크";
const FIRST_UNIT = (readSiteFile("sites/suwon") as { unitTypes: { key: string }[] }).unitTypes[0]!
  .key;

let servers: RunningServer[] = [];
let instances: Awaited<ReturnType<typeof startInstances>> | undefined;
let browser: Browser;
let s3: Awaited<ReturnType<typeof startS3>>;

beforeAll(async () => {
  s3 = await startS3();
  instances = await startInstances("console_e2e", { ...ADMIN_ENV, ...s3.env });
  servers = instances.servers;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await instances?.stop();
  await s3?.close();
});

/** Chooses a picture file for a slot of the content form; answers once it is uploaded. */
async function uploadInto(page: Page, slot: string, name: string, bytes: Buffer, type: string) {
  const input = page.locator(`[id="f-${slot}.$file"]`);
  await input.setInputFiles({ name, mimeType: type, buffer: bytes });
  const status = page.locator(`[id="f-${slot}"] .cf-upload-status`);
  await expect.poll(() => status.textContent(), { timeout: 30_000 }).toContain("그림을 올렸습니다");
}

/** The home page as a visitor on `host` gets it from `server`. */
const homeOn = (server: RunningServer, host: string) =>
  rawRequest(server, { path: "/", headers: { Host: `${host}:${server.port}` } });

describe("a new complex from the browser", () => {
  test("made as a copy with the keyboard, edited, previewed, published to every instance within 5 s; a second version, its history and a restore; taken down again", async () => {
    const [first] = servers as [RunningServer];
    const { context, page, errors } = await openPage(browser, "desktop");
    await signInVia(page, first, "/admin/sites");
    await hydrated(page);

    // 새 단지 만들기: the guided start's first step. A mistake first: an id with capitals and no name.
    await page.getByRole("link", { name: "새 단지 만들기" }).click();
    await page.waitForURL((u) => u.pathname === "/admin/sites/new");
    await hydrated(page);
    await page.getByLabel("단지 ID (영문 소문자, 숫자, -)").fill("Dong Tan");
    await page.getByRole("button", { name: "만들고 다음" }).click();
    await poll(() => page.locator(".field-error").allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining("단지명을 입력해 주세요")]),
    );

    await page.getByLabel("단지명").focus();
    await page.keyboard.type("동탄 레이크 센트럴");
    await page.getByLabel("단지 ID (영문 소문자, 숫자, -)").fill("");
    await page.getByLabel("단지 ID (영문 소문자, 숫자, -)").focus();
    await page.keyboard.type("dongtan");
    await page.getByLabel("호스트 (여러 개는 쉼표로)").focus();
    await page.keyboard.type("dongtan-lake.example.com");
    await page.getByLabel("복사할 단지").selectOption("suwon");
    await page.getByRole("button", { name: "만들고 다음" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === "/admin/sites/dongtan/start/color");
    // The rest of the start is its own test (new-complex-guided.test.ts): on to the complex's page.
    await page.goto(`${first.url}/admin/sites/dongtan`);

    // Before its first publish, its hosts answer 준비 중 on every instance (not another complex).
    for (const server of servers) {
      await expect
        .poll(async () => (await homeOn(server, "dongtan.localhost")).status, {
          timeout: FOLLOW_MS,
        })
        .toBe(503);
      const waiting = await homeOn(server, "dongtan-lake.example.com");
      expect(readableHtml(waiting.body)).toContain("홈페이지 준비 중입니다");
    }

    // The draft, in the form made from the schema: its name, phone and main colour, a home picture
    // and a unit type's floor plan uploaded; saved, and still nothing served.
    await page.locator(".admin-links").getByRole("link", { name: "콘텐츠 편집" }).click();
    // The editor opens at its first section (기본 정보); the others by the section list.
    await page.waitForURL(
      (u) => u.pathname === "/admin/content/identity" && u.search === "?site=dongtan",
    );
    await hydrated(page);
    await page.locator('[id="f-identity.name"]').waitFor();
    await page.locator('[id="f-identity.name"]').fill(NAME);
    await page.locator('[id="f-identity.brand"]').fill(BRAND);
    await page.locator('[id="f-identity.phone"]').fill(PHONE);
    await page.locator('[id="f-identity.color"]').fill(COLOUR);
    const save = async () => {
      await page.getByRole("button", { name: "저장", exact: true }).click();
      await poll(() => page.locator(".cf-actions-note").textContent()).toContain("초안 저장됨");
    };
    const section = async (title: string, id: string) => {
      await page
        .getByRole("navigation", { name: "콘텐츠 섹션" })
        .getByRole("link", { name: new RegExp(`^${title}`) })
        .click();
      await page.waitForURL((u) => u.pathname === `/admin/content/${id}`);
      await page.locator(`[aria-current="page"]`).filter({ hasText: title }).waitFor();
    };
    await save();
    await section("홈 화면", "home");
    await uploadInto(page, "home.hero.wide", "hero.jpg", await jpeg(4000, 3000), "image/jpeg");
    await save();
    const plan = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: "#ffffff" },
    })
      .png()
      .toBuffer();
    await section("주택형", "units");
    await uploadInto(page, "unitTypes.0.plan", "plan.png", plan, "image/png");
    await save();
    expect((await homeOn(first, "dongtan.localhost")).status).toBe(503);

    // What is still 수원's (its name, addresses, companies…) is listed, and would stop 게시: all
    // kept here, as for a complex of the same developer (the check itself:
    // app/routes/admin/console/leftovers.test.tsx).
    await page.locator("#leftovers > summary").click();
    const boxes = page.locator('#leftovers input[name="keep"]');
    expect(await boxes.count()).toBeGreaterThan(10);
    for (const box of await boxes.all()) await box.check();
    await page.getByRole("button", { name: "표시한 곳 그대로 두기" }).click();
    await poll(() => page.locator("#leftovers > summary").textContent()).toMatch(
      /^원본 단지 내용 \(0곳\)/,
    );

    // 미리보기: the draft at phone and desktop width, the new picture in both.
    await page.locator(".admin-summary").getByRole("link", { name: "미리보기" }).click();
    await page.waitForURL(
      (u) => u.pathname === "/admin/preview" && u.search.includes("site=dongtan"),
    );
    for (const frame of ["휴대폰", "데스크톱"]) {
      const shown = page.frameLocator(`iframe[title^="${frame} 화면 미리보기"]`);
      await poll(() => shown.locator("footer").textContent()).toContain(NAME);
      await poll(() => shown.locator("body").innerHTML()).toMatch(/\/media\/c\/[0-9a-f]{16}-/);
    }
    await page.goto(`${first.url}/admin/content?site=dongtan`);
    await page.getByRole("link", { name: "게시하러 가기 →" }).click();
    await page.waitForURL((u) => u.pathname === "/admin/sites/dongtan");
    await page.getByRole("button", { name: "초안 게시" }).click();
    await poll(() => page.getByRole("status").textContent()).toContain("게시했습니다");
    const published = Date.now();
    for (const server of servers) {
      await expect
        .poll(
          async () => {
            const answer = await homeOn(server, "dongtan.localhost");
            return answer.status === 200 && readableHtml(answer.body).includes(NAME);
          },
          { timeout: FOLLOW_MS - (Date.now() - published) + 1000 },
        )
        .toBe(true);
    }
    // Its phone, its colour, and its pictures from the bucket as AVIF and WebP, on every instance.
    const media: string[] = [];
    for (const server of servers) {
      const { body } = await homeOn(server, "dongtan.localhost");
      expect(readableHtml(body)).toContain(PHONE);
      expect(body).toContain(`--navy:${COLOUR}`);
      const sources = [...body.matchAll(/<source type="image\/(avif|webp)" srcSet="([^"]+)"/gi)]
        .map((m) => m[2]!)
        .filter((set) => set.includes("/media/c/"));
      expect(sources.length).toBeGreaterThanOrEqual(2);
      media.push(sources[0]!.split(/[\s,]/)[0]!);
    }
    for (const server of servers) {
      const picture = await fetch(`${server.url}${media[0]}`);
      expect([picture.status, picture.headers.get("content-type")]).toEqual([200, "image/avif"]);
    }
    // Its logo and share image are drawn from its name, brand and colour, never 수원's AVELUS
    // pictures, and come from the bucket on every instance.
    for (const server of servers) {
      const { body } = await homeOn(server, "dongtan.localhost");
      expect(body).not.toContain("/img/sites/suwon/brand/");
      expect(body).not.toContain("og-image");
      const logo = /<img class="logo" src="([^"]+)"/.exec(body)?.[1] ?? "";
      expect(logo).toMatch(/^\/media\/c\/[0-9a-f]{16}-180x40\.svg$/);
      const svg = await fetch(`${server.url}${logo}`);
      expect(svg.headers.get("content-type")).toBe("image/svg+xml");
      const drawing = await svg.text();
      expect(drawing).toContain(`<title>${NAME}</title>`);
      expect(drawing).toContain(`fill="${COLOUR}"`);
      const og = /<meta property="og:image" content="([^"]+)"/.exec(body)?.[1] ?? "";
      expect(og).toMatch(/\/media\/c\/[0-9a-f]{16}-1200\.jpg$/);
      const share = Buffer.from(
        await (await fetch(`${server.url}${new URL(og).pathname}`)).arrayBuffer(),
      );
      expect(await sharp(share).metadata()).toMatchObject({
        format: "jpeg",
        width: 1200,
        height: 630,
      });
      await sharp(share).png().toFile("test-results/console-share-image.png");
    }
    // The floor plan uploaded for the first unit type is on that unit's page.
    const planPage = await rawRequest(servers.at(-1)!, {
      path: `/FloorPlan/${FIRST_UNIT}`,
      headers: { Host: `dongtan.localhost:${servers.at(-1)!.port}` },
    });
    expect(planPage.body).toMatch(/\/media\/c\/[0-9a-f]{16}-\d+\.avif/);
    expect(readdirSync(join(s3.directory, "media", "media")).length).toBeGreaterThan(0);
    for (const server of servers) expect(readdirSync(server.dataDir)).not.toContain("media");
    // Its name has a syllable the build's font subset lacks (탄): the pages name a second file of
    // its own characters, served under that name only, and drawn from a visit's second page.
    const home = await homeOn(first, "dongtan.localhost");
    const extra = /data-font-extra="([^"]+)"/.exec(home.body)?.[1]?.replace(/&quot;/g, '"');
    const font = JSON.parse(extra ?? "null") as { url: string; range: string } | null;
    expect(font?.range.split(",")).toContain("U+D0C4");
    const file = await rawRequest(first, {
      path: font!.url,
      headers: { Host: `dongtan.localhost:${first.port}` },
    });
    expect([file.status, file.headers["content-type"]]).toEqual([200, "font/woff2"]);
    const madeUp = await rawRequest(first, {
      path: "/fonts/extra/AAAAAAAAAAAAAAAA.woff2",
      headers: { Host: `dongtan.localhost:${first.port}` },
    });
    expect(madeUp.status).toBe(404);
    const visitor = await openPage(browser, "phone");
    const dongtan = `http://dongtan.localhost:${first.port}`;
    await visitor.page.goto(`${dongtan}/`);
    await hydrated(visitor.page);
    await poll(() => visitor.page.evaluate(() => sessionStorage.getItem("web-font-extra"))).toBe(
      font!.url,
    );
    await visitor.page.goto(`${dongtan}/Brand/intro`);
    await poll(() =>
      visitor.page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts].some(
          (f) => f.unicodeRange.includes("D0C4") && f.status === "loaded",
        );
      }),
    ).toBe(true);
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();

    // The sample it was copied from is unchanged.
    expect(readableHtml((await homeOn(first, "suwon.localhost")).body)).not.toContain(NAME);

    // A second version with another name: the history names the field that changed, and
    // restoring version 1 and publishing it brings its pages back on every instance.
    // (NAME_2 begins with NAME: the site's name as its footer writes it, alone.)
    const servedName = async (name: string) => {
      for (const server of servers)
        await poll(async () => {
          const text = readableHtml((await homeOn(server, "dongtan.localhost")).body);
          return text.includes(name) && (name === NAME_2 || !text.includes(NAME_2));
        }).toBe(true);
    };
    await page.goto(`${first.url}/admin/content?site=dongtan`);
    await page.locator('[id="f-identity.name"]').fill(NAME_2);
    await page.getByRole("button", { name: "저장", exact: true }).click();
    await poll(() => page.locator(".cf-actions-note").textContent()).toContain("초안 저장됨");
    await page.goto(`${first.url}/admin/sites/dongtan`);
    await page.getByRole("button", { name: "초안 게시" }).click();
    await poll(() => page.getByRole("status").textContent()).toContain("게시했습니다");
    await servedName(NAME_2);
    await page.getByRole("link", { name: "바뀐 항목" }).click();
    const changes = page.getByRole("region", { name: /1번 → 2번에서 바뀐 항목/ });
    await expect
      .poll(() => changes.getByRole("row").allTextContents())
      .toContainEqual(expect.stringMatching(new RegExp(`단지명.*${NAME}.*${NAME_2}`)));
    await page.getByRole("button", { name: "1번을 초안으로" }).click();
    await poll(() => page.getByRole("status").textContent()).toContain("초안으로 되돌렸습니다");
    await page.getByRole("button", { name: "초안 게시" }).click();
    await poll(() => page.getByRole("status").textContent()).toContain("게시했습니다");
    await servedName(NAME);

    // Taken down: 준비 중 again everywhere.
    await page.getByRole("button", { name: "게시 중단 (준비 중 안내)" }).click();
    await poll(() => page.getByRole("status").textContent()).toContain("게시를 중단했습니다");
    for (const server of servers) {
      await poll(async () => (await homeOn(server, "dongtan.localhost")).status).toBe(503);
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  test("the console's own frame at 390 px, by keyboard: no public header, footer or phone bar; the complex worked on, switched by name, kept by the menu", async () => {
    const [first] = servers as [RunningServer];
    const { context, page, errors } = await openPage(browser, "phone");
    await signInVia(page, first, "/admin/content/identity?site=suwon");
    await hydrated(page);
    const header = page.locator(".console-header");
    await poll(() => header.locator(".console-site-name").textContent()).toBe(
      "아벨루스 광교 레이크파크",
    );
    expect(await page.locator(".site-header, .site-footer, .bottom-bar").count()).toBe(0);
    expect(await page.getByText("전화상담").count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    const menu = page.getByRole("navigation", { name: "관리자 메뉴" });
    expect(await menu.getByRole("link", { name: "콘텐츠 편집" }).getAttribute("href")).toBe(
      "/admin/content?site=suwon",
    );

    // 단지 바꾸기 by keyboard: open, Escape closes it, open again and Tab to 라움하임.
    const toggle = header.getByText("단지 바꾸기");
    await toggle.focus();
    await page.keyboard.press("Enter");
    const anyang = header.getByRole("link", { name: /라움하임 평촌 센트럴/ });
    await anyang.waitFor();
    await page.keyboard.press("Escape");
    await poll(() => anyang.isVisible()).toBe(false);
    await page.keyboard.press("Enter");
    for (let i = 0; i < 6 && !(await anyang.evaluate((a) => a === document.activeElement)); i++)
      await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === "/admin/content/identity" && u.search === "");
    await poll(() => header.locator(".console-site-name").textContent()).toBe(
      "라움하임 평촌 센트럴",
    );
    // The form is the new complex's, not the last one's values.
    await poll(() => page.locator('[id="f-identity.name"]').inputValue()).toBe(
      "라움하임 평촌 센트럴",
    );
    expect(await menu.getByRole("link", { name: "콘텐츠 편집" }).getAttribute("href")).toBe(
      "/admin/content",
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
