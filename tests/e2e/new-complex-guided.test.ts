import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { identityStrings } from "~/lib/identity-strings";
import { readSiteFile } from "~/sites/registry.server";
import { ADMIN_ENV, jpeg, poll, signInWithKeyboard } from "./support/admin";
import { hydrated, launchBrowser, openPage } from "./support/browser";
import { rawRequest } from "./support/http";
import { startServer, type RunningServer } from "./support/server";

/*
 * 새 단지 as a new user makes it, by the keyboard alone (issue 39, "Done when"): the guided start's
 * five steps from a copy of a sample, each one phone screen; 게시 refused with a link to each field
 * still holding the sample's identity; those fixed through the editor (one marked 그대로 두기) and
 * published; then no page of the new complex's sitemap holds the sample's name, brand, address,
 * developer or phone, and its share image and logo are its own files. Once from each sample.
 */

type Doc = { identity: Record<string, string> };

const NEW = {
  name: "하늘채 오산 레이크뷰",
  brand: "하늘채",
  phone: "1577-7000",
  developer: "(주)오산개발",
  builder: "(주)하늘건설",
  address: "경기도 화성시 오산동 100",
  modelHouseAddress: "경기도 화성시 반송동 200",
  color: "#1b4d3e",
};

/** What replaces a fact of the sample in the editor: a placeholder, or in 단지 기본 정보 the fact. */
const PLACEHOLDER: Record<string, string> = {
  단지명: "{단지명}",
  브랜드: "{브랜드}",
  "브랜드 영문 표기": "HANEULCHAE",
  "단지 주소": "{단지 주소}",
  "견본주택 주소": "{견본주택 주소}",
  시행: "{시행}",
  시공: "{시공}",
  "분양 대행": "{분양 대행}",
  상호: "{상호}",
  대표자: "{대표자}",
  사업자등록번호: "{사업자등록번호}",
  "사업장 주소": "{사업장 주소}",
  "대표 전화": "{대표 전화}",
  "지역 이름": "오산",
};
const OWN_FACTS: Record<string, string> = {
  "identity.business.name": "(주)오산개발",
  "identity.business.representative": "김하늘",
  "identity.business.registrationNumber": "321-81-54321",
  "identity.business.address": "경기도 화성시 오산동 100",
  "identity.agency": "(주)하늘분양",
};

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer(ADMIN_ENV);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The page's whole height fits the 390×844 screen (no vertical scroll). */
async function fitsOneScreen(page: Page, shot: string) {
  await page.screenshot({ path: `test-results/${shot}.png` });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height, `${shot}: ${height}px`).toBeLessThanOrEqual(844);
}

async function typeInto(page: Page, selector: string, text: string) {
  await page.locator(selector).focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

/** `text` with each of the sample's facts it holds (spaces and hyphens aside, any case) replaced. */
function replaced(text: string, found: { value: string; what: string }[]) {
  let out = text;
  for (const { value, what } of found) {
    const loose = [...value.replace(/[\s-]/g, "")]
      .map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join("[\\s\\-‐-―]*");
    out = out.replace(new RegExp(loose, "gi"), PLACEHOLDER[what] ?? "");
  }
  return out;
}

/** The complex's page at `path` as a visitor on `<id>.localhost` gets it. */
const onHost = (id: string, path: string) =>
  rawRequest(server, { path, headers: { Host: `${id}.localhost:${server.port}` } });

describe.each(["anyang", "suwon"])("새 단지 copied from %s by the guided start", (from) => {
  const source = readSiteFile(`sites/${from}`) as Doc;
  const id = `osan-${from}`;

  test("five steps of one phone screen each, by the keyboard; 게시 refused with links to the sample's leftovers; fixed and published, no page names the sample", async () => {
    const { context, page, errors } = await openPage(browser, "phone");
    await signInWithKeyboard(page, server);

    // 단지 관리 → 새 단지 만들기.
    await page.goto(`${server.url}/admin/sites`);
    await hydrated(page);
    await page.getByRole("link", { name: "새 단지 만들기" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === "/admin/sites/new");
    await fitsOneScreen(page, `guided-${from}-1-basics`);

    // 1. 기본 정보: the sample chosen in 복사할 단지 with the arrow keys, then each field in Tab order.
    const options = await page.locator("#gs-copyFrom option").allTextContents();
    await page.locator("#gs-copyFrom").focus();
    await page.keyboard.press("Home");
    for (let i = 0; i < options.indexOf(source.identity.name!); i++)
      await page.keyboard.press("ArrowDown");
    expect(await page.locator("#gs-copyFrom").inputValue()).toBe(from);
    for (const text of [
      NEW.name,
      id,
      NEW.brand,
      NEW.phone,
      NEW.developer,
      NEW.builder,
      NEW.address,
      NEW.modelHouseAddress,
    ]) {
      await page.keyboard.press("Tab");
      await page.keyboard.type(text);
    }
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === `/admin/sites/${id}/start/color`);
    await fitsOneScreen(page, `guided-${from}-2-color`);

    // 2. 색과 로고: too light a colour is refused at its field, what was typed kept; then its own.
    await hydrated(page);
    await typeInto(page, "#gs-color", "#9ad0ff");
    await page.keyboard.press("Enter");
    await poll(() => page.locator("#gs-color-error").textContent()).toContain("4.5:1 이상");
    expect(await page.locator("#gs-color").getAttribute("aria-invalid")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("gs-color");
    expect(await page.locator("#gs-color").inputValue()).toBe("#9ad0ff");
    await typeInto(page, "#gs-color", NEW.color);
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === `/admin/sites/${id}/start/photo`);
    await fitsOneScreen(page, `guided-${from}-3-photo`);

    // 3. 첫 화면 사진: one picture, its focal point moved with the arrow keys, its own alt text.
    await hydrated(page);
    await page.locator("#gs-hero").setInputFiles({
      name: "hero.jpg",
      mimeType: "image/jpeg",
      buffer: await jpeg(2400, 1600),
    });
    await page.locator("#gs-hero").focus();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("slider");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowUp");
    expect(await page.locator("#gs-x").inputValue()).toBe("60");
    expect(await page.locator("#gs-y").inputValue()).toBe("45");
    expect(await page.locator("#gs-alt").inputValue()).toBe("");
    await page.locator("#gs-alt").focus();
    await page.keyboard.type("호수공원 너머로 본 단지 야경");
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.searchParams.get("done") === "photo", { timeout: 30_000 });
    // The crops show once the page has drawn the step's new data (under load, after the address).
    await poll(() => page.locator(".gs-crops img.is-wide").getAttribute("src")).toMatch(
      /^\/media\/c\//,
    );
    await poll(() => page.locator(".gs-crops img.is-tall").getAttribute("src")).toMatch(
      /^\/media\/c\//,
    );
    await fitsOneScreen(page, `guided-${from}-3-photo-cut`);
    await page.getByRole("button", { name: "다음" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === `/admin/sites/${id}/start/units`);
    await fitsOneScreen(page, `guided-${from}-4-units`);

    // 4. 주택형: as copied.
    await page.getByRole("button", { name: "다음" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === `/admin/sites/${id}/start/confirm`);
    await fitsOneScreen(page, `guided-${from}-5-confirm`);

    // 5. 확인: what was entered, and what is still the sample's.
    const summary = await page.locator(".gs-summary").textContent();
    for (const value of [NEW.name, NEW.brand, NEW.phone, NEW.color, "호수공원 너머로 본 단지 야경"])
      expect(summary).toContain(value);
    const counted = /원본 단지 내용 \((\d+)곳\)/.exec(
      (await page.locator(".gs-leftovers summary").textContent()) ?? "",
    );
    expect(Number(counted?.[1])).toBeGreaterThan(0);
    await page.getByRole("link", { name: "게시하러 가기" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === `/admin/sites/${id}`);

    // 게시 refused, with a link to each field still holding the sample's identity.
    await hydrated(page);
    await page.getByRole("button", { name: "초안 게시" }).focus();
    await page.keyboard.press("Enter");
    const alert = page.getByRole("alert").filter({ hasText: "게시하지 못했습니다" });
    await poll(() => alert.count()).toBe(1);
    const links = await alert
      .locator("li a")
      .evaluateAll((as) =>
        as.map((a) => ({ href: a.getAttribute("href")!, text: a.textContent! })),
      );
    expect(links.length).toBe(Number(counted![1]));
    expect(await alert.locator("li").count()).toBe(links.length);
    const fields = links.map((l) => ({
      href: l.href,
      path: decodeURIComponent(l.href.split("#f-")[1] ?? ""),
      found: [...l.text.matchAll(/“([^”]+)”\(([^)]+)\)/g)].map((m) => ({
        value: m[1]!,
        what: m[2]!,
      })),
    }));
    expect(fields.every((f) => f.path && f.found.length)).toBe(true);
    // 그대로 두기 for what names only the sample's id (anyang's press address), or else for the
    // first field naming only a place: neither is a fact the pages are checked for below.
    const only = (what: string) => fields.filter((f) => f.found.every((x) => x.what === what));
    const kept = only("단지 ID").length ? only("단지 ID") : only("지역 이름").slice(0, 1);
    expect(kept.length).toBeGreaterThan(0);

    // Each other field through its link, in the editor: a new value typed (the facts as
    // placeholders), saved once per editor page.
    let at = "";
    const save = async () => {
      await page.getByRole("button", { name: "저장", exact: true }).focus();
      await page.keyboard.press("Enter");
      await poll(() => page.locator(".cf-actions-note").textContent()).toContain("초안 저장됨");
    };
    for (const f of fields.filter((f) => !kept.includes(f))) {
      const [address] = f.href.split("#");
      if (address !== at) {
        if (at) await save();
        await page.goto(`${server.url}${f.href}`);
        await hydrated(page);
        at = address!;
      } else await page.goto(`${server.url}${f.href}`);
      const input = page.locator(`[id="f-${f.path}"]`);
      // Its group opened, as the link's target is.
      await input.evaluate((el) => {
        for (let d = el.closest("details"); d; d = d.parentElement?.closest("details") ?? null)
          d.open = true;
      });
      const value = await input.inputValue();
      const next = OWN_FACTS[f.path] ?? replaced(value, f.found);
      expect(next, f.path).not.toBe(value);
      await input.focus();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.insertText(next);
    }
    await save();
    // The kept ones, in 원본 단지 내용: ticked with Space, then the button.
    await page.locator("#leftovers > summary").focus();
    await page.keyboard.press("Enter");
    for (const f of kept) {
      await page.locator(`#leftovers input[name="keep"][value="${f.path}"]`).focus();
      await page.keyboard.press("Space");
    }
    await page.getByRole("button", { name: "표시한 곳 그대로 두기" }).focus();
    await page.keyboard.press("Enter");
    await poll(() => page.locator("#leftovers > summary").textContent()).toMatch(
      /^원본 단지 내용 \(0곳\)/,
    );

    // Published.
    await page.goto(`${server.url}/admin/sites/${id}`);
    await hydrated(page);
    await page.getByRole("button", { name: "초안 게시" }).focus();
    await page.keyboard.press("Enter");
    await poll(() => page.getByRole("status").textContent()).toContain("게시했습니다");
    await expect.poll(async () => (await onHost(id, "/")).status, { timeout: 10_000 }).toBe(200);

    // Every page of its sitemap: none holds the sample's name, brand, address, developer or
    // phone (the kept field names only its id).
    // Each fact as its field holds it (the first of its kind; a company's stem comes after).
    const strings = identityStrings(source);
    const facts = ["단지명", "브랜드", "단지 주소", "시행", "대표 전화"].map(
      (what) => strings.find((f) => f.what === what)?.value ?? "",
    );
    expect(facts.every(Boolean)).toBe(true);
    const sitemap = (await onHost(id, "/sitemap.xml")).body;
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) {
      const { status, body } = await onHost(id, path);
      expect(status, path).toBe(200);
      for (const fact of facts) expect(body.includes(fact), `${path}: ${fact}`).toBe(false);
      expect(body.includes(source.identity.phone!.replace(/-/g, "")), path).toBe(false);
    }
    // Its share image and logo are its own files, not the sample's.
    const home = (await onHost(id, "/")).body;
    const sampleHome = (await onHost(from, "/")).body;
    const og = (html: string) =>
      /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? "";
    const logo = (html: string) => /<img class="logo" src="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(og(home)).toMatch(/\/media\/c\/[0-9a-f]{16}-1200\.jpg$/);
    expect(logo(home)).toMatch(/^\/media\/c\/[0-9a-f]{16}-180x40\.svg$/);
    expect(og(sampleHome)).toBeTruthy();
    expect(logo(sampleHome)).toBeTruthy();
    expect(new URL(og(home)).pathname).not.toBe(new URL(og(sampleHome), server.url).pathname);
    expect(logo(home)).not.toBe(logo(sampleHome));
    const drawn = await (await fetch(`${server.url}${logo(home)}`)).text();
    expect(drawn).toContain(`<title>${NEW.name}</title>`);

    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);
});
