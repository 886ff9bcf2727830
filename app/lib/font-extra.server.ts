import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import subsetFont from "subset-font";
import type { Site } from "~/content/schema";
import { FONT_CHARS, pretendardSource, SUBSET_OPTIONS } from "./font-files.server";

/*
 * A complex's own characters (docs/decisions/035-font-supplement.md). The build's Pretendard subset
 * holds the characters of the source and of the complexes it found in sites/; a complex written in
 * the console uses others (a new name, its own texts), which the subset would leave to the system
 * font one character at a time. Such a complex gets a second, small file of exactly those
 * characters under the same family with their unicode-range: the browser fetches it only for a page
 * that shows one of them, and the build's file stays shared. The file is cut when first asked for
 * (a few hundred ms) and kept, on each instance: the same characters give the same file and name.
 */

/** What a page needs to declare the supplement: its URL and the characters it covers. */
export type FontExtra = { url: string; range: string };

let subsetChars: Set<string> | null | undefined;
/** The build subset's characters; null when the font was not built (a unit test on a fresh clone). */
function builtChars(): Set<string> | null {
  if (subsetChars === undefined) {
    const file = resolve(FONT_CHARS);
    subsetChars = existsSync(file) ? new Set(readFileSync(file, "utf8")) : null;
  }
  return subsetChars;
}

/** Every string of the complex's content, character by character. */
function collect(value: unknown, into: Set<string>) {
  if (typeof value === "string") {
    for (const ch of value) into.add(ch);
  } else if (Array.isArray(value)) {
    for (const v of value) collect(v, into);
  } else if (value && typeof value === "object") {
    for (const v of Object.values(value)) collect(v, into);
  }
}

/** Code points as a CSS unicode-range: sorted, neighbours joined (`U+AC00-AC02,U+B3D9`). */
export function unicodeRange(chars: string): string {
  const points = [...new Set([...chars].map((c) => c.codePointAt(0)!))].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < points.length; ) {
    let j = i;
    while (j + 1 < points.length && points[j + 1] === points[j]! + 1) j++;
    const hex = (n: number) => n.toString(16).toUpperCase();
    parts.push(j > i ? `U+${hex(points[i]!)}-${hex(points[j]!)}` : `U+${hex(points[i]!)}`);
    i = j + 1;
  }
  return parts.join(",");
}

/**
 * The characters of a complex's content that the build's subset lacks: Hangul (syllables and
 * jamo), the scripts Pretendard draws (Latin, Greek, Cyrillic) and its symbols. Pictures' file
 * names are strings too, but hold nothing outside ASCII, which the subset has.
 */
export function missingChars(site: Site, built = builtChars()): string {
  if (!built) return "";
  const chars = new Set<string>();
  collect(site, chars);
  return [...chars]
    .filter((ch) => {
      const cp = ch.codePointAt(0)!;
      return cp >= 0x20 && !(cp >= 0xd800 && cp <= 0xdfff) && cp <= 0xffff && !built.has(ch);
    })
    .sort()
    .join("");
}

const KEY_LENGTH = 16;
const keyOf = (chars: string) =>
  createHash("sha256").update(chars).digest("base64url").slice(0, KEY_LENGTH);

const extras = new WeakMap<Site, { chars: string; key: string } | null>();
function extraChars(site: Site) {
  let extra = extras.get(site);
  if (extra === undefined) {
    const chars = missingChars(site);
    extra = chars ? { chars, key: keyOf(chars) } : null;
    extras.set(site, extra);
  }
  return extra;
}

/** Where a supplement is served (app/routes/endpoints/font-extra.ts). */
const FONT_EXTRA_PATH = "/fonts/extra/";

/** The complex's supplement, or undefined when the build's subset has every character it shows. */
export function fontExtraOf(site: Site): FontExtra | undefined {
  const extra = extraChars(site);
  if (!extra) return undefined;
  return { url: `${FONT_EXTRA_PATH}${extra.key}.woff2`, range: unicodeRange(extra.chars) };
}

// The last few files cut, by name: a handful of complexes' supplements at about 50 KB each.
const files = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
const KEPT_FILES = 20;

/**
 * The supplement file `name` (`<key>.woff2`) of the complex, cut on the first request; undefined when
 * the name is not this complex's current one (an old page after a publish, or a made-up name).
 */
export function fontExtraFile(
  site: Site,
  name: string,
): Promise<Uint8Array<ArrayBuffer>> | undefined {
  const extra = extraChars(site);
  if (!extra || name !== `${extra.key}.woff2`) return undefined;
  let file = files.get(name);
  if (!file) {
    file = subsetFont(readFileSync(pretendardSource()), extra.chars, SUBSET_OPTIONS).then(
      (buffer) => Uint8Array.from(buffer),
    );
    // A failed cut is not kept: the next request tries again.
    file.catch(() => files.delete(name));
    files.set(name, file);
    if (files.size > KEPT_FILES) files.delete(files.keys().next().value!);
  }
  return file;
}
