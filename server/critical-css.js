// @ts-check
/*
 * The first paint waits for the HTML only (issue 21, docs/decisions/024-critical-css.md): a
 * prerendered page carries inline the rules of its stylesheets that its own markup uses (Beasties,
 * the maintained successor of Critters), and its stylesheet links wait in <noscript>: a browser
 * without scripts loads them as before; with scripts, the page's module brings them in after the
 * first frame (app/enhance/main.ts), with the rules of the states it adds (an open popup, a menu).
 * The popup's markup (a <template>) is left out of the choice: it is drawn only by the script; so
 * are the home page's screens after the first (laterScreensOut).
 *
 * Beasties takes tens of milliseconds a page, so its choice is kept per page shape: the markup
 * with its text and every attribute value no selector looks at taken out. A complex made from
 * another (`sites new`) or re-rendered after an administrator's change has the same shapes, so it
 * costs a hash per page, not a Beasties run.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Beasties from "beasties";

const STYLESHEET = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\s*\/?>/g;
const TEMPLATE = /<template\b[\s\S]*?<\/template>/gi;
/** The attribute of the <noscript> that holds a page's stylesheet links (app/enhance/main.ts). */
const HELD = "data-stylesheets";
const STYLE = /<style>([\s\S]*?)<\/style>/;
const FONT_FACE = /@font-face\s*\{[^}]*\}/g;
/** An attribute selector that compares a value (`[data-open="true"]`, `a[href^="tel:"]`). */
const VALUE_SELECTOR =
  /\[\s*([a-zA-Z_][-\w:]*)\s*([~|^$*]?=)\s*(?:"([^"]*)"|'([^']*)'|([^\]\s]+))\s*(?:[iIsS]\s*)?\]/g;
/** An attribute a selector names, with or without a value (`[data-open]`, `[aria-current="page"]`). */
const NAMED_ATTRIBUTE = /\[\s*([a-zA-Z_][-\w:]*)\s*(?=[\]~|^$*=])/g;
/** @typedef {(value: string) => boolean} ValueTest */
/** @type {Record<string, (value: string, expected: string) => boolean>} */
const COMPARE = {
  "=": (v, x) => v === x,
  "~=": (v, x) => v.split(/\s+/).includes(x),
  "|=": (v, x) => v === x || v.startsWith(`${x}-`),
  "^=": (v, x) => v.startsWith(x),
  "$=": (v, x) => v.endsWith(x),
  "*=": (v, x) => v.includes(x),
};

/**
 * States that no element has as a page is rendered but that come before the page's script: the
 * page's inline code sets them from the first paint (app/inline: the header scrolled, the to-top
 * button, the phone menu open with its sections and scroll lock, a popup trigger at work) and the
 * starter marks a held tap.
 * Their rules go into every first screen with the rest of their stylesheet's.
 */
export const FIRST_SECONDS_STATES = [
  /^\.site-header\[data-scrolled="?true"?\]$/,
  /^\.to-top\[data-visible="?true"?\]$/,
  /^\.menu-toggle-icon\[data-open="?true"?\]/,
  /^body\[data-menu-open="?true"?\]$/,
  /^\.accordion-head\[aria-expanded="?true"?\]/,
  /\[data-early-tap\]/,
  /^a\[aria-busy="?true"?\]$/,
];

/**
 * Where a build keeps the rules chosen for each page shape (`<build>/critical-css.json`, written by
 * the build's render, scripts/render-sites.mjs): a process that renders again after an
 * administrator's change (the render process, server/render-worker.js) starts with them, instead of
 * a Beasties run for every page shape (3.8 s for the default sample's 36 pages: most of a first
 * re-render's time, issue 43). The file names the build's stylesheets: another build's is ignored.
 * @param {string} clientDir
 */
export const choicesFile = (clientDir) => join(clientDir, "..", "critical-css.json");
/** @param {string} clientDir the build's stylesheets, by their hashed names */
const stylesheetsOf = (clientDir) =>
  existsSync(join(clientDir, "assets"))
    ? readdirSync(join(clientDir, "assets"))
        .filter((name) => name.endsWith(".css"))
        .sort()
        .join(" ")
    : "";
/**
 * The choices kept for this build, or none.
 * @param {string} clientDir
 * @returns {[string, string][]}
 */
function keptChoices(clientDir) {
  const file = choicesFile(clientDir);
  if (!existsSync(file)) return [];
  const kept = JSON.parse(readFileSync(file, "utf8"));
  return kept.stylesheets === stylesheetsOf(clientDir) ? Object.entries(kept.choices) : [];
}

/**
 * `inline(html)` for the pages of one build (`clientDir`, where `/assets/*.css` are): the page
 * with its used rules in a <style> in place of its stylesheet links, and the links in
 * `<noscript data-stylesheets>` after it. The policy's hash of the <style> is taken by
 * server/security-headers.js inlineStyleHashes.
 * @param {string} clientDir
 * @returns {((html: string) => Promise<string>) & { save(): void }}
 */
export function createCriticalCss(clientDir) {
  const beasties = new Beasties({
    path: clientDir,
    publicPath: "/",
    // Only its choice of rules is used (below); the links are placed by us.
    preload: "body",
    pruneSource: false,
    // Faces are put in below, all of them: the text's font is asked for with the first paint.
    inlineFonts: false,
    preloadFonts: false,
    reduceInlineStyles: false,
    allowRules: FIRST_SECONDS_STATES,
    logLevel: "warn",
  });
  /** @type {Map<string, string>} */
  const sheets = new Map();
  const sheet = (/** @type {string} */ href) => {
    let css = sheets.get(href);
    if (css === undefined) sheets.set(href, (css = readFileSync(join(clientDir, href), "utf8")));
    return css;
  };
  /**
   * Per attribute name, the value tests of the stylesheets' selectors (once per set of sheets);
   * an attribute named without a value has none.
   * @type {Map<string, Map<string, ValueTest[]>>}
   */
  const testsOf = new Map();
  const valueTests = (/** @type {string[]} */ hrefs) => {
    const id = hrefs.join(" ");
    const known = testsOf.get(id);
    if (known) return known;
    /** @type {Map<string, ValueTest[]>} */
    const tests = new Map();
    testsOf.set(id, tests);
    for (const href of hrefs) {
      for (const [, name = ""] of sheet(href).matchAll(NAMED_ATTRIBUTE))
        if (!tests.has(name.toLowerCase())) tests.set(name.toLowerCase(), []);
      for (const [, name = "", op = "", q1, q2, bare] of sheet(href).matchAll(VALUE_SELECTOR)) {
        const key = name.toLowerCase();
        const expected = q1 ?? q2 ?? bare ?? "";
        const compare = COMPARE[op];
        if (!compare) continue;
        tests.set(key, [...(tests.get(key) ?? []), (v) => compare(v, expected)]);
      }
    }
    return tests;
  };
  const fontFaces = (/** @type {string[]} */ hrefs) =>
    hrefs
      .map((href) => sheet(href).match(FONT_FACE) ?? [])
      .flat()
      .join("");
  /** @type {Map<string, string>} */
  const chosen = new Map(keptChoices(clientDir));

  /** @param {string} html */
  async function inline(html) {
    const head = html.indexOf("</head>");
    const links = [...html.slice(0, head).matchAll(STYLESHEET)];
    const first = links[0];
    if (head === -1 || first === undefined) return html;
    const hrefs = links.map((m) => m[1] ?? "");
    const forChoice = laterScreensOut(html.replace(TEMPLATE, ""));
    const key = shapeOf(forChoice, hrefs, valueTests(hrefs));
    let css = chosen.get(key);
    if (css === undefined) {
      const out = await beasties.process(forChoice);
      const used = STYLE.exec(out.slice(0, out.indexOf("</head>")))?.[1] ?? "";
      // Every face, first: Beasties keeps a face only where a rule names its family itself, and
      // ours are named through a custom property (`font-family: var(--font)`).
      css = used && fontFaces(hrefs) + used.replace(FONT_FACE, "");
      chosen.set(key, css);
    }
    if (!css) return html;
    // The links' place in the head gets the rules and, for a browser without scripts, the links
    // themselves in <noscript>; with scripts, the page's module brings them in after the first
    // frame (app/enhance/main.ts), so they never hold the first paint.
    let out = html.slice(0, first.index);
    out += `<style>${css}</style><noscript ${HELD}>${links.map((m) => m[0]).join("")}</noscript>`;
    let at = first.index + first[0].length;
    for (const link of links.slice(1)) {
      out += html.slice(at, link.index);
      at = link.index + link[0].length;
    }
    return out + html.slice(at);
  }
  /** Writes the choices made so far beside the build's client folder (atomically). */
  inline.save = () => {
    const file = choicesFile(clientDir);
    const kept = { stylesheets: stylesheetsOf(clientDir), choices: Object.fromEntries(chosen) };
    writeFileSync(`${file}.tmp`, JSON.stringify(kept));
    renameSync(`${file}.tmp`, file);
  };
  return inline;
}

/**
 * A page made of screen-high sections (`data-page-section`, the home page) shows only the first on
 * its first screen: the others are left out of the choice (their rules arrive with the
 * stylesheets, long before a visitor scrolls to them).
 * @param {string} html
 */
function laterScreensOut(html) {
  /** @type {[number, number][]} */
  const cut = [];
  let depth = 0;
  let start = -1;
  let screens = 0;
  for (const m of html.matchAll(/<(\/?)section\b([^>]*)>/gi)) {
    if (m[1]) {
      depth -= 1;
      if (depth === 0 && start !== -1) {
        cut.push([start, m.index + m[0].length]);
        start = -1;
      }
    } else {
      if (depth === 0 && /\sdata-page-section(=|\s|>|$)/.test(m[2] ?? "") && screens++ > 0)
        start = m.index;
      depth += 1;
    }
  }
  let out = "";
  let at = 0;
  for (const [from, to] of cut) {
    out += html.slice(at, from);
    at = to;
  }
  return out + html.slice(at);
}

/**
 * The page's shape as selectors see it: tags, attribute names, class and id values, and of every
 * other attribute only which of the selectors' value tests it passes (a link to another complex's
 * press page is the same shape as one to this complex's; `tel:` or not is not). A `data-` or
 * `aria-` attribute no selector names is left out: only a selector could tell it (no pseudo-class
 * reads them), so a page that gained one (the font supplement's `data-font-extra` on <html>, for
 * a name with a rare syllable) keeps its shape and its choice.
 * @param {string} html
 * @param {string[]} hrefs
 * @param {Map<string, ValueTest[]>} tests
 */
export function shapeOf(html, hrefs, tests) {
  const shape = html
    // Text itself is nothing to a selector; whether there is any is (`:empty`).
    .replace(/>[^<]+</g, ">#<")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(
      /\s([a-zA-Z_][-\w:]*)(?:=("[^"]*"|'[^']*'|[^\s>]+))?/g,
      (_, /** @type {string} */ name, /** @type {string | undefined} */ quoted) => {
        const key = name.toLowerCase();
        if (/^(data|aria)-/.test(key) && !tests.has(key)) return "";
        if (quoted === undefined) return ` ${name}`;
        if (key === "class" || key === "id") return ` ${name}=${quoted}`;
        const value = quoted.replace(/^["']|["']$/g, "");
        const passed = (tests.get(key) ?? []).map((test) => (test(value) ? 1 : 0)).join("");
        return passed ? ` ${name}=${passed}` : ` ${name}`;
      },
    );
  return createHash("sha256").update(hrefs.join(" ")).update(shape).digest("base64url");
}
