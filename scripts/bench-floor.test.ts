import { describe, expect, test } from "vitest";
import { floorCss, floorHtml, floorMisses, floorRow, stylesheetHrefs } from "./bench-floor.mjs";

const PAGE = [
  '<!DOCTYPE html><html lang="ko"><head><meta charSet="utf-8"/>',
  '<link rel="preload" as="image" href="/img/hero-750.avif" fetchPriority="high"/>',
  '<link rel="preload" href="/assets/pretendard-subset-x1.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>',
  '<link rel="modulepreload" href="/assets/chunk-a1.js"/>',
  '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>',
  '<link rel="stylesheet" href="/assets/root-r1.css"/>',
  '<link rel="stylesheet" href="/assets/home-h1.css" media="(min-width: 901px)"/>',
  "<script>document.documentElement.dataset.phone = '1';</script>",
  "</head><body><h1>라움하임</h1>",
  '<img src="/img/logo.svg" alt=""/>',
  '<script type="application/ld+json">{"@type":"Organization"}</script>',
  '<script type="module" src="/assets/enhance-e1.js" fetchpriority="low"></script>',
  "</body></html>",
].join("");

const CSS: Record<string, string> = {
  "/assets/root-r1.css": [
    '@font-face{font-family:Pretendard Subset;src:url(/assets/pretendard-subset-x1.woff2) format("woff2");font-display:swap}',
    '@font-face{font-family:Pretendard Fallback;src:local("Noto Sans KR");ascent-override:95.21%}',
    "body{font-family:Pretendard Subset,Pretendard Fallback,sans-serif}",
    ".hero{background:url(../img/bg.webp)}",
    '.check{background:url("data:image/svg+xml,%3Csvg%3E%3C/svg%3E")}',
  ].join(""),
  "/assets/home-h1.css": ".home{color:red}",
};

describe("the floor of a page", () => {
  const floor = floorHtml(PAGE, (href) => CSS[href]!);

  test("holds its stylesheets inline, in their place and with their media", () => {
    expect(stylesheetHrefs(PAGE)).toEqual(["/assets/root-r1.css", "/assets/home-h1.css"]);
    expect(floor).not.toContain('rel="stylesheet"');
    expect(floor).toContain("<style>@font-face{font-family:Pretendard Fallback;");
    expect(floor).toContain('<style media="(min-width: 901px)">.home{color:red}</style></head>');
  });

  test("of a page with critical CSS holds all of its stylesheets in the head, not its critical rules", () => {
    // As server/critical-css.js writes it: the rules, then the links for a browser without scripts.
    const critical = PAGE.replace(
      /(<link rel="stylesheet"[^>]*>)+/,
      (links) =>
        `<style>.critical{color:blue}</style><noscript data-stylesheets>${links}</noscript>`,
    );
    const floorOfCritical = floorHtml(critical, (href) => CSS[href]!);
    expect(floorOfCritical).not.toContain(".critical");
    expect(floorOfCritical).toContain(
      '<style media="(min-width: 901px)">.home{color:red}</style></head>',
    );
    expect(floorOfCritical).toContain('<img src="/img/logo.svg" alt=""/></body>');
  });

  test("runs no script and fetches no web font", () => {
    expect(floor).not.toMatch(/<script|modulepreload|\.woff2|as="font"/);
  });

  test("keeps the page's markup, pictures and their preloads", () => {
    expect(floor).toContain('<link rel="preload" as="image" href="/img/hero-750.avif"');
    expect(floor).toContain('<link rel="icon" href="/favicon.svg"');
    expect(floor).toContain('<h1>라움하임</h1><img src="/img/logo.svg" alt=""/></body>');
  });

  test("keeps the system fallback faces and resolves the stylesheet's own URLs", () => {
    const css = floorCss(CSS["/assets/root-r1.css"]!, "/assets/root-r1.css");
    expect(css).not.toContain("Pretendard Subset;src");
    expect(css).toContain('src:local("Noto Sans KR")');
    expect(css).toContain(".hero{background:url(/img/bg.webp)}");
    expect(css).toContain('url("data:image/svg+xml,%3Csvg%3E%3C/svg%3E")');
  });
});

const run = (lcpMs: number, fcpMs: number, performance = 99, cls = 0) => ({
  performance,
  lcpMs,
  fcpMs,
  speedIndexMs: fcpMs,
  cls,
  tbtMs: 0,
});

describe("a page against its floor", () => {
  test("is within budget at 1.1× the floor's medians", () => {
    const row = floorRow(
      "anyang",
      "/",
      [run(1650, 900), run(1900, 990), run(1600, 950)],
      [run(1500, 900), run(1400, 850), run(1520, 870)],
    );
    expect(row).toMatchObject({ lcpRatio: 1.1, fcpRatio: 1.09 });
    expect(floorMisses(row)).toEqual([]);
  });

  test("misses each budget it exceeds", () => {
    const row = floorRow("suwon", "/", [run(2000, 1200, 96, 0.01)], [run(1400, 850)]);
    expect(floorMisses(row)).toEqual([
      "LCP 1.43× > 1.1×",
      "FCP 1.41× > 1.1×",
      "CLS 0.01 > 0",
      "perf 96 < 97",
    ]);
  });
});
