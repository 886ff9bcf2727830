import { afterAll, beforeAll, describe, expect, test } from "vitest";
import sharp from "sharp";
import { content, customerPath, pressPath } from "./support/sites";
import { startServer, type RunningServer } from "./support/server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ SITE_URL: "https://www.example-bunyang.kr" });
});
afterAll(() => server?.stop());

const get = (path: string, init?: RequestInit) =>
  fetch(server.url + path, { redirect: "manual", ...init });

function attr(html: string, pattern: RegExp) {
  return pattern.exec(html)?.[1];
}

describe("every page of the route table", () => {
  test.each(content.pages.map((p) => [p.path, p] as const))(
    "%s answers 200 with its tags and banner in the HTML",
    async (path, page) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      const siteUrl = "https://www.example-bunyang.kr";
      expect(html).toContain('<html lang="ko"');
      expect(attr(html, /<title>([^<]*)<\/title>/)).toContain(page.title);
      expect(attr(html, /<meta name="description" content="([^"]*)"/)).toBe(page.description);
      expect(attr(html, /<link rel="canonical" href="([^"]*)"/)).toBe(siteUrl + path);
      expect(attr(html, /<meta property="og:url" content="([^"]*)"/)).toBe(siteUrl + path);
      expect(attr(html, /<meta property="og:title" content="([^"]*)"/)).toContain(page.title);
      expect(attr(html, /<meta property="og:description" content="([^"]*)"/)).toBe(
        page.description,
      );
      expect(attr(html, /<meta property="og:image" content="([^"]*)"/)).toMatch(
        new RegExp(`^${siteUrl}/img/.+\\.jpg$`),
      );
      expect(html).toContain(
        `name="naver-site-verification" content="${content.seo.naverSiteVerification}"`,
      );
      // Phone numbers and units in a slogan sit in no-wrap spans: compare the text without tags.
      const text = html.replace(/<[^>]*>/g, "");
      expect(text).toContain(page.banner.title);
      for (const line of page.banner.slogans) expect(text).toContain(line);
      if (path !== "/") expect(html).toContain('"@type":"BreadcrumbList"');
    },
  );

  test("the sharing image is a 1200x630 picture", async () => {
    const html = await (await get("/")).text();
    const og = attr(html, /<meta property="og:image" content="([^"]*)"/)!;
    const res = await get(new URL(og).pathname);
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
  });

  test.each([
    ...content.unitTypes.map((u) => u.path),
    ...content.interiors.map((i) => i.path),
    "/SalesInfo/stampTax",
    "/LocationEnvironment/primium",
  ])("%s is a route of the specification", async (path) => {
    expect((await get(path)).status).toBe(200);
  });
});

describe("other spellings and redirects", () => {
  test.each([
    ...content.redirects.map((r) => [r.from, r.to] as const),
    ["/Brand/intro/", "/Brand/intro"] as const,
  ])("%s answers 301 to %s", async (from, to) => {
    const res = await get(from);
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get("location")!, server.url).pathname).toBe(to);
  });

  test("/Promotion/Press redirects to the default site's press list", async () => {
    const res = await get("/Promotion/Press");
    expect([301, 302]).toContain(res.status);
    expect(new URL(res.headers.get("location")!, server.url).pathname).toBe(pressPath);
  });

  test("the press list and the customer page of the default site answer", async () => {
    expect((await get(pressPath)).status).toBe(200);
    expect((await get(customerPath)).status).toBe(200);
  });
});

describe("unknown addresses", () => {
  test.each([
    "/nope",
    "/Brand/nothing",
    "/unknown-site/press",
    content.unitTypes[0]!.path.toLowerCase(),
  ])("%s answers 404 with the Korean Not Found page", async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("페이지를 찾을 수 없습니다");
    expect(html).toContain(content.identity.phone);
  });
});

describe("crawler files and caching", () => {
  test("robots.txt points at the sitemap, which lists the pages", async () => {
    const robots = await (await get("/robots.txt")).text();
    expect(robots).toContain("Sitemap: https://www.example-bunyang.kr/sitemap.xml");
    const sitemap = await (await get("/sitemap.xml")).text();
    for (const unit of content.unitTypes)
      expect(sitemap).toContain(`<loc>https://www.example-bunyang.kr${unit.path}</loc>`);
    expect(sitemap).not.toContain("/register");
  });

  test("hashed assets are cached for a year and compressed", async () => {
    const html = await (await get("/")).text();
    const asset = attr(html, /href="(\/assets\/[^"]+\.css)"/)!;
    const res = await get(asset, { headers: { "Accept-Encoding": "gzip" } });
    expect(res.headers.get("cache-control")).toContain("max-age=31536000");
    expect(res.headers.get("content-encoding")).toBe("gzip");
  });
});
