import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowerModulePreloads, lowerModulePreloadsStream } from "./head-priorities.server";

const HEAD =
  '<html><head><link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/a.css"/>' +
  '<link rel="modulepreload" href="/assets/b.js"/></head>';
const BODY = '<body><p>본문 <link rel="modulepreload" href="/x.js"/></p></body></html>';

describe("module preloads at low priority", () => {
  it("lowers every module preload of the head, once", () => {
    const once = lowerModulePreloads(HEAD);
    expect(once.match(/fetchpriority="low"/g)).toHaveLength(2);
    expect(lowerModulePreloads(once)).toBe(once);
    expect(once).toContain('<link rel="stylesheet" href="/a.css"/>');
  });

  it("rewrites the head however the stream splits it, and leaves the body alone", async () => {
    const whole = Buffer.from(HEAD + BODY);
    // Chunks of 7 bytes split tags and the Korean text's UTF-8 sequences.
    const chunks = Array.from({ length: Math.ceil(whole.length / 7) }, (_, i) =>
      whole.subarray(i * 7, i * 7 + 7),
    );
    const out = await text(Readable.from(chunks).pipe(lowerModulePreloadsStream()));
    expect(out).toBe(lowerModulePreloads(HEAD) + BODY);
  });
});
