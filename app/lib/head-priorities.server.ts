import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import STARTER from "~/inline/starter.ts?inline-script";

/*
 * The page's JavaScript starts loading only after the first frame is drawn (docs/decisions/009).
 * React Router writes a `<link rel="modulepreload">` for every module of the page and an inline
 * `<script type="module">` that imports them; the browser fetches all of it (126 KB gzip) at once,
 * sharing a phone's connection with the stylesheet, the font and the banner, and Lighthouse counts
 * every byte fetched before the largest paint against that paint. A prerendered page is complete
 * without any of it, so both are written inert (`rel="x-deferred-modulepreload"`,
 * `type="text/x-deferred-module"`) and a small inline script brings them to life after the first
 * frame: the preloads first (no waterfall), then the module script, with the nonce it was given.
 * The CSP hashes of prerendered pages include the inert module script's (server/security-headers.js).
 */
const DEFERRED_PRELOAD = "x-deferred-modulepreload";
export const DEFERRED_MODULE = "text/x-deferred-module";

/** Runs after the first frame (or at once in a background tab, which gets no frames). */
export const START_SCRIPTS = `(function(){function go(){document.querySelectorAll('link[rel="${DEFERRED_PRELOAD}"]').forEach(function(l){var n=document.createElement("link");n.rel="modulepreload";n.href=l.getAttribute("href");document.head.appendChild(n)});document.querySelectorAll('script[type="${DEFERRED_MODULE}"]').forEach(function(s){var m=document.createElement("script");m.type="module";m.nonce=s.nonce;m.textContent=s.textContent;s.replaceWith(m)})}if(document.visibilityState==="visible")requestAnimationFrame(function(){setTimeout(go,0)});else go()})()`;

/**
 * The script that starts a public page's own module (docs/decisions/014, 025) after its largest
 * picture and holds the taps made before then (app/inline/starter.ts): the same text on every page,
 * the module's URL in its `data-src`.
 */
export function starterScript(url: string, nonce?: string): string {
  return `<script data-src="${url}"${nonce ? ` nonce="${nonce}"` : ""}>${STARTER}</script>`;
}

const MODULE_PRELOAD = /<link rel="modulepreload"/gi;
const MODULE_SCRIPT = /<script\b([^>]*?)\stype="module"([^>]*)>/gi;
const NONCE = /\snonce="[^"]*"/;

/**
 * The document with its module preloads and module scripts inert, and the script that starts them;
 * and, before `</body>`, the public pages' own script (`enhanceUrl`, docs/decisions/014): on a
 * hydrated page (the administrator's) a small module fetched at low priority, on a public page
 * started after the largest picture (starterScript), with `nonce` where the page is rendered per
 * request.
 */
export function deferModuleScripts(html: string, enhanceUrl = "", pageNonce?: string): string {
  let nonce: string | undefined;
  const out = html
    .replace(MODULE_PRELOAD, `<link rel="${DEFERRED_PRELOAD}"`)
    .replace(MODULE_SCRIPT, (tag, before: string, after: string) => {
      // A module from a file (the public pages' own, below) is fetched at low priority already.
      if (/\ssrc=/.test(before + after)) return tag;
      nonce = NONCE.exec(before + after)?.[0] ?? "";
      return `<script type="${DEFERRED_MODULE}"${nonce}>`;
    });
  const starter = nonce === undefined ? "" : `<script${nonce}>${START_SCRIPTS}</script>`;
  const enhance =
    !enhanceUrl || out.includes(STARTER)
      ? ""
      : nonce === undefined
        ? starterScript(enhanceUrl, pageNonce)
        : `<script type="module" src="${enhanceUrl}" fetchpriority="low"></script>`;
  if (!starter && !enhance) return out;
  const end = out.lastIndexOf("</body>");
  return end === -1
    ? out + starter + enhance
    : out.slice(0, end) + starter + enhance + out.slice(end);
}

/**
 * A stream that applies deferModuleScripts to the whole document, and then `finish` (entry.server
 * keeps runs of text together on pages that are not hydrated). The document is held until it ends
 * (a page renders in a few milliseconds), as the module script comes after the content.
 */
export function deferModuleScriptsStream(
  enhanceUrl = "",
  finish: (html: string) => string = (html) => html,
  nonce?: string,
): Transform {
  const decoder = new StringDecoder("utf8");
  let html = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      html += decoder.write(chunk);
      callback();
    },
    flush(callback) {
      html += decoder.end();
      callback(null, finish(deferModuleScripts(html, enhanceUrl, nonce)));
    },
  });
}
