import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Beasties from "beasties";
import { afterAll, describe, expect, test, vi } from "vitest";
import { choicesFile, createCriticalCss, shapeOf } from "./critical-css.js";
import { inlineStyleHashes } from "./security-headers.js";

const client = mkdtempSync(join(tmpdir(), "critical-css-"));
mkdirSync(join(client, "assets"));
writeFileSync(
  join(client, "assets/root-a1.css"),
  [
    '@font-face{font-family:Pretendard Subset;src:url(/assets/p.woff2) format("woff2")}',
    '@font-face{font-family:Fallback;src:local("Noto Sans KR")}',
    ":root{--font:Pretendard Subset,Fallback,sans-serif}",
    "body{font-family:var(--font)}",
    ".hero{height:100svh}",
    ".unused{color:red}",
    ".popup-dialog{position:fixed}",
    '.menu[data-open="true"]{display:block}',
    ".result:empty{display:none}",
  ].join(""),
);
writeFileSync(join(client, "assets/home-b2.css"), ".facts{display:grid}");
afterAll(() => rmSync(client, { recursive: true, force: true }));

const page = ({ open = "false", result = "예약 확인" } = {}) =>
  [
    '<!DOCTYPE html><html lang="ko"><head><title>단지</title>',
    '<link rel="stylesheet" href="/assets/root-a1.css"/>',
    '<link rel="stylesheet" href="/assets/home-b2.css"/>',
    "</head><body>",
    `<nav class="menu" data-open="${open}" aria-label="메뉴"></nav>`,
    '<section class="hero"><dl class="facts"><dt>세대수</dt><dd>912</dd></dl></section>',
    `<p class="result">${result}</p>`,
    '<template id="popup"><dialog class="popup-dialog">등록</dialog></template>',
    '<script type="module" src="/assets/enhance-e1.js" fetchpriority="low"></script>',
    "</body></html>",
  ].join("");

const headStyle = (html) =>
  /<head>[\s\S]*<style>([\s\S]*?)<\/style>[\s\S]*<\/head>/.exec(html)?.[1];

describe("a prerendered page's critical CSS", () => {
  const inline = createCriticalCss(client);

  test("holds in its head the rules its markup uses, the web font's face included; not the others", async () => {
    const css = headStyle(await inline(page()));
    expect(css).toContain(".hero{height:100svh}");
    expect(css).toContain(".facts{display:grid}");
    // Each face, though its family is named only through a custom property.
    expect(css).toContain("@font-face{font-family:Pretendard Subset");
    expect(css).toContain('@font-face{font-family:Fallback;src:local("Noto Sans KR")}');
    expect(css).not.toContain(".unused");
    // The menu is closed: the open menu's rule is the stylesheet's, for when the script opens it.
    expect(css).not.toContain('data-open="true"');
    // A state (`:empty`, `:hover`) is the element's: its rules come with it.
    expect(css).toContain(".result:empty{display:none}");
  });

  test("leaves out the popup's rules (its template is drawn after the stylesheets arrive)", async () => {
    expect(headStyle(await inline(page()))).not.toContain("popup-dialog");
  });

  test("holds the stylesheet links in <noscript> behind its rules: a browser without scripts loads them, the page's script brings them in", async () => {
    const html = await inline(page());
    expect(html).toMatch(
      /<title>단지<\/title><style>[^<]*<\/style><noscript data-stylesheets><link rel="stylesheet" href="\/assets\/root-a1.css"\/><link rel="stylesheet" href="\/assets\/home-b2.css"\/><\/noscript><\/head>/,
    );
    expect(html.slice(html.indexOf("</head>"))).not.toContain("stylesheet");
  });

  test("a page whose shape a selector tells apart gets its own rules; other text changes nothing", async () => {
    expect(headStyle(await inline(page({ open: "true" })))).toContain('data-open="true"');
    expect(headStyle(await inline(page({ result: "" })))).toBe(headStyle(await inline(page())));
    expect(headStyle(await inline(page({ result: "다른 문구" })))).toBe(
      headStyle(await inline(page())),
    );
  });

  test("leaves a page without stylesheets as it is", async () => {
    const bare = "<!DOCTYPE html><html><head><title>x</title></head><body><p>x</p></body></html>";
    expect(await inline(bare)).toBe(bare);
  });

  test("its rules are allowed by the hash the page's policy gets", async () => {
    const html = await inline(page());
    const css = headStyle(html) ?? "";
    const { createHash } = await import("node:crypto");
    expect(inlineStyleHashes(html)).toEqual([
      `'sha256-${createHash("sha256").update(css).digest("base64")}'`,
    ]);
  });
});

describe("the choices kept in the build (a render process starts with them)", () => {
  test("a new chooser of the same build gives the same page without asking Beasties; another build's choices are not used", async () => {
    const first = createCriticalCss(client);
    const html = await first(page());
    first.save();
    const process = vi.spyOn(Beasties.prototype, "process");
    try {
      expect(await createCriticalCss(client)(page())).toBe(html);
      expect(process).not.toHaveBeenCalled();
      // A new build: its stylesheets have other names, so the kept choices are another build's.
      writeFileSync(join(client, "assets/home-c3.css"), ".facts{display:grid}");
      await createCriticalCss(client)(page());
      expect(process).toHaveBeenCalledTimes(1);
    } finally {
      process.mockRestore();
      rmSync(join(client, "assets/home-c3.css"));
      rmSync(choicesFile(client));
    }
  });
});

describe("a page's shape, by which a choice of rules is kept", () => {
  const tests = new Map([
    ["href", [(v) => v.startsWith("tel:")]],
    ["data-state", [(v) => v === "today"]],
    ["data-open", []],
  ]);
  const shape = (body) => shapeOf(`<html><body>${body}</body></html>`, ["/assets/a.css"], tests);

  test("is the same for a copy of a complex: other text, pictures and links of its own", () => {
    expect(
      shape('<a href="/anyang/press" class="more">보도자료</a><img src="/img/art/anyang/h.avif">'),
    ).toBe(shape('<a href="/suwon/press" class="more">소식</a><img src="/img/art/suwon/h.avif">'));
  });

  test("is the same with or without a data- or aria- attribute no selector names (a name that needs the font supplement)", () => {
    expect(
      shapeOf(
        '<html lang="ko" data-font-extra="{&quot;range&quot;:&quot;U+BCA4&quot;}"><body><p aria-describedby="x">벤치</p></body></html>',
        ["/assets/a.css"],
        tests,
      ),
    ).toBe(shapeOf('<html lang="ko"><body><p>라움</p></body></html>', ["/assets/a.css"], tests));
    // Named by a selector, with or without a value: told apart.
    expect(shape("<div data-open></div>")).not.toBe(shape("<div></div>"));
    expect(shape('<li data-state="x"></li>')).not.toBe(shape("<li></li>"));
  });

  test("differs where a selector tells the pages apart", () => {
    expect(shape('<a href="tel:16000000">전화</a>')).not.toBe(
      shape('<a href="/register">전화</a>'),
    );
    expect(shape('<li data-state="today"></li>')).not.toBe(shape('<li data-state="past"></li>'));
    expect(shape('<p class="a"></p>')).not.toBe(shape('<p class="b"></p>'));
    expect(shape("<p></p>")).not.toBe(shape("<p>글</p>"));
  });
});
