import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "../../server/security-headers.js";
import {
  deferModuleScripts,
  deferModuleScriptsStream,
  DEFERRED_MODULE,
  START_SCRIPTS,
  starterScript,
} from "./head-priorities.server";

const HEAD =
  '<html><head><link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/a.css"/>' +
  '<link rel="modulepreload" href="/assets/b.js"/></head>';
const MODULE = 'import * as route0 from "/assets/a.js"; import("/assets/b.js");';
const body = (attrs: string) =>
  `<body><p>본문</p><script${attrs}>${MODULE}</script><script>window.x = 1;</script></body></html>`;

describe("the page's JavaScript starts after the first frame", () => {
  it("writes the module preloads and the module script inert, and the starter before </body>", () => {
    const out = deferModuleScripts(HEAD + body(' type="module" async=""'));
    expect(out.replace(START_SCRIPTS, "")).not.toMatch(/rel="modulepreload"|type="module"/);
    expect(out.match(/rel="x-deferred-modulepreload" href="\/assets\/[ab]\.js"/g)).toHaveLength(2);
    expect(out).toContain(`<script type="${DEFERRED_MODULE}">${MODULE}</script>`);
    expect(out).toContain('<link rel="stylesheet" href="/a.css"/>');
    expect(out).toMatch(new RegExp(`<script>${escape(START_SCRIPTS)}</script></body></html>$`));
    expect(deferModuleScripts(out)).toBe(out);
  });

  it("keeps the nonce of a server-rendered page on the inert script and gives it to the starter", () => {
    const out = deferModuleScripts(HEAD + body(' nonce="abc" type="module" async=""'));
    expect(out).toContain(`<script type="${DEFERRED_MODULE}" nonce="abc">${MODULE}</script>`);
    expect(out).toContain(`<script nonce="abc">${START_SCRIPTS}</script>`);
  });

  it("a prerendered page's policy names the module script's hash, as the starter runs its text", () => {
    const out = deferModuleScripts(HEAD + body(' type="module" async=""'));
    const direct = inlineScriptHashes(HEAD + body(' type="module"'));
    for (const hash of direct) expect(inlineScriptHashes(out)).toContain(hash);
  });

  it("a page without a module script is left as it is, apart from the preloads", () => {
    expect(deferModuleScripts("<html><body><p>x</p></body></html>")).toBe(
      "<html><body><p>x</p></body></html>",
    );
  });

  it("starts the public pages' own module from a script before </body>, allowed by its hash or the page's nonce", () => {
    const page = "<html><body><p>본문</p></body></html>";
    const out = deferModuleScripts(page, "/assets/enhance-x1.js");
    const gated = starterScript("/assets/enhance-x1.js");
    expect(out).toBe(`<html><body><p>본문</p>${gated}</body></html>`);
    expect(gated).toMatch(/^<script data-src="\/assets\/enhance-x1\.js">[^<]+<\/script>$/);
    // The same text for every module URL: one hash in the policy.
    expect(inlineScriptHashes(out)).toEqual(inlineScriptHashes(starterScript("/assets/other.js")));
    // Run again, the page keeps its one starter.
    expect(deferModuleScripts(out, "/assets/enhance-x1.js")).toBe(out);
    // A public page rendered per request (the press pages) gives it the answer's nonce.
    expect(deferModuleScripts(page, "/assets/enhance-x1.js", "n0nce")).toContain(
      `${starterScript("/assets/enhance-x1.js", "n0nce")}</body>`,
    );
  });

  it("on a hydrated page, the starter comes first and the own module after it", () => {
    const out = deferModuleScripts(HEAD + body(' nonce="abc" type="module"'), "/assets/e.js");
    expect(out).toMatch(
      new RegExp(
        `<script nonce="abc">${escape(START_SCRIPTS)}</script><script type="module" src="/assets/e.js" fetchpriority="low"></script></body></html>$`,
      ),
    );
  });

  it("rewrites the document however the stream splits it", async () => {
    const html = HEAD + body(' type="module" async=""');
    const whole = Buffer.from(html);
    // Chunks of 7 bytes split tags and the Korean text's UTF-8 sequences.
    const chunks = Array.from({ length: Math.ceil(whole.length / 7) }, (_, i) =>
      whole.subarray(i * 7, i * 7 + 7),
    );
    const out = await text(Readable.from(chunks).pipe(deferModuleScriptsStream("/assets/e.js")));
    expect(out).toBe(deferModuleScripts(html, "/assets/e.js"));
  });
});

function escape(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
