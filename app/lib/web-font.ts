/*
 * The web font (Pretendard, one subset: docs/decisions/009) never shares the link with a page's
 * largest picture and never moves a line (docs/decisions/025). It is not declared in any stylesheet:
 *
 * - A visitor's first public page is drawn in the fallback faces of app/styles/fonts.css (the
 *   system's Korean and Latin fonts at Pretendard's metrics) for as long as it is open. Once the
 *   page's script has attached, after the largest picture (app/enhance/main.ts), the font is
 *   fetched into the browser's cache, unused on that page, and the fetch is remembered.
 * - On the next pages of the same visit (the tab's sessionStorage remembers it) the head script
 *   below declares it before the first paint with `font-display: optional`: from the cache it is
 *   there at once, so the text is drawn in Pretendard from the start; if it is not, the fallback
 *   stays. No swap either way. Only within a visit: a font remembered for longer may have left the
 *   cache, and would then be fetched beside the next page's largest picture (seen with a
 *   localStorage flag and Lighthouse, which empties the cache but not the storage: FCP +40 %).
 * - The administrator's pages (hydrated, no speed budget) preload it and declare it from their
 *   script, with `swap`.
 *
 * Without JavaScript a public page keeps the fallback faces: the look is the system's Korean font,
 * the layout the same.
 */

/** The family the site's `--font` names first (app/styles/base.css). */
const WEB_FONT_FAMILY = "Pretendard Subset";
/** Where the font file this visit has fetched is remembered (the file's hashed URL). */
const WEB_FONT_KEY = "web-font";
/** The same for the complex's own characters (app/lib/font-extra.server.ts). */
const WEB_FONT_EXTRA_KEY = "web-font-extra";
/**
 * The attribute of <html> that names a complex's supplement, `{"url","range"}` as JSON: read by the
 * head script and the page's script, so the head script's text (and its CSP hash) is the same on
 * every page and complex.
 */
export const FONT_EXTRA_ATTR = "data-font-extra";
const DESCRIPTORS = { weight: "400 900", style: "normal" } as const;
const source = (url: string) => `url(${url}) format("woff2")`;

type FontExtra = { url: string; range: string };

/**
 * A public page's inline script in its head: declares the font when this visit fetched it before
 * (`optional`), with the complex's supplement when it has one and it was fetched too (else neither:
 * one page is drawn in one face).
 */
export function webFontHeadScript(url: string): string {
  const descriptors = `weight:"${DESCRIPTORS.weight}",style:"${DESCRIPTORS.style}",display:"optional"`;
  return (
    `try{var s=sessionStorage,a=document.documentElement.getAttribute(${JSON.stringify(FONT_EXTRA_ATTR)}),x=a&&JSON.parse(a);` +
    `if(s.getItem(${JSON.stringify(WEB_FONT_KEY)})===${JSON.stringify(url)}&&(!x||s.getItem(${JSON.stringify(WEB_FONT_EXTRA_KEY)})===x.url)){` +
    `document.fonts.add(new FontFace(${JSON.stringify(WEB_FONT_FAMILY)},${JSON.stringify(source(url))},{${descriptors}}));` +
    `if(x)document.fonts.add(new FontFace(${JSON.stringify(WEB_FONT_FAMILY)},'url('+x.url+') format("woff2")',{${descriptors},unicodeRange:x.range}))}}catch(e){}`
  );
}

/** The complex's supplement named on this page, if any. */
function fontExtraOnPage(): FontExtra | undefined {
  const value = document.documentElement.getAttribute(FONT_EXTRA_ATTR);
  if (!value) return undefined;
  try {
    const extra = JSON.parse(value) as Partial<FontExtra>;
    return typeof extra.url === "string" && typeof extra.range === "string"
      ? { url: extra.url, range: extra.range }
      : undefined;
  } catch {
    return undefined;
  }
}

/** An administrator's page (hydrated; the font is preloaded by root.tsx): declared at once. */
export function declareWebFont(url: string, extra = fontExtraOnPage()): void {
  document.fonts.add(
    new FontFace(WEB_FONT_FAMILY, source(url), { ...DESCRIPTORS, display: "swap" }),
  );
  if (extra) {
    document.fonts.add(
      new FontFace(WEB_FONT_FAMILY, source(extra.url), {
        ...DESCRIPTORS,
        display: "swap",
        unicodeRange: extra.range,
      }),
    );
  }
}

/**
 * After a public page's script has attached: fetch the font (and the complex's supplement) into the
 * cache for the next pages, without using it here. Nothing happens when this page already has them.
 */
export async function warmWebFont(url: string, extra = fontExtraOnPage()): Promise<void> {
  try {
    if (sessionStorage.getItem(WEB_FONT_KEY) !== url) {
      await new FontFace(WEB_FONT_FAMILY, source(url), DESCRIPTORS).load();
      sessionStorage.setItem(WEB_FONT_KEY, url);
    }
    if (extra && sessionStorage.getItem(WEB_FONT_EXTRA_KEY) !== extra.url) {
      await new FontFace(WEB_FONT_FAMILY, source(extra.url), {
        ...DESCRIPTORS,
        unicodeRange: extra.range,
      }).load();
      sessionStorage.setItem(WEB_FONT_EXTRA_KEY, extra.url);
    }
  } catch {
    // No storage (a private window) or no font: the fallback faces stay, as on this page.
  }
}
