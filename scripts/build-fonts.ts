/**
 * Build-time font subset: Pretendard (OFL), cut down to the characters this site can show.
 *
 * The characters are every one written in the site's own source — every complex's content
 * (sites/<id>/site.yaml), the components' and rules' Korean texts (app/**), the server's own error
 * pages (server/) — plus
 * printable ASCII and the punctuation a visitor's input commonly holds. Everything the prerendered
 * pages show comes from these files, which `app/styles/fonts.test.ts` checks against the built
 * pages. Hangul that only a visitor types (a name, a message) or that an administrator writes in a
 * press post is drawn by the system font, character by character (decisions/009).
 *
 * Output: one variable WOFF2 (weight axis 400–900, the weights the CSS uses) in
 * app/styles/fonts/, which fonts.css and root.tsx import, so Vite gives it a hashed name; and the
 * list of its characters beside it (FONT_CHARS).
 *
 *   npx tsx scripts/build-fonts.ts           build the subset (skipped when up to date)
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import subsetFont from "subset-font";
import {
  FONT_CHARS,
  FONT_OUT,
  pretendardSource,
  SUBSET_OPTIONS,
} from "../app/lib/font-files.server";
import { SITE_FILE, sitesRoot } from "../app/sites/folders.server";

const SOURCE_DIRS = ["app", "server"];
const SOURCE_FILE = /\.(tsx?|jsx?|mjs|css)$/;
// Printable ASCII, Latin-1 punctuation and the symbols Korean text and typed input use.
const ALWAYS =
  Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCodePoint(0x20 + i)).join("") +
  "\u00a0·×÷°±©®™–—‘’“”•…‰′″※→←↑↓↗↘▲▼△▽◀▶○●◎□■◇◆★☆♥✓✔㎡㎥㎞㎏「」『』【】〈〉《》〔〕、。～∼·‧①②③④⑤⑥⑦⑧⑨⑩€￦₩";

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (name === "node_modules" || name.startsWith(".")) return [];
    return statSync(p).isDirectory() ? walk(p) : SOURCE_FILE.test(name) ? [p] : [];
  });
}

/** Every complex's content file (`sites/<id>/site.yaml`, or under SITES_DIR). */
function siteFiles(root: string): string[] {
  return readdirSync(root, { withFileTypes: true })
    .map((d) => join(root, d.name, SITE_FILE))
    .filter((file) => existsSync(file));
}

/** Every character the site's source and every complex's content hold, plus ALWAYS, sorted. */
export function siteCharacters(root = ".", sites = sitesRoot()): string {
  const chars = new Set<string>(ALWAYS);
  const sources = SOURCE_DIRS.flatMap((dir) => walk(join(root, dir)));
  for (const file of [...sources.filter((f) => !/\.test\.[tj]sx?$/.test(f)), ...siteFiles(sites)]) {
    for (const ch of readFileSync(file, "utf8")) {
      const cp = ch.codePointAt(0)!;
      if (cp >= 0x20 && !(cp >= 0xd800 && cp <= 0xdfff)) chars.add(ch);
    }
  }
  return [...chars].sort().join("");
}


async function main() {
  const text = siteCharacters();
  const source = pretendardSource();
  const key = createHash("sha256")
    .update(text)
    .update(JSON.stringify(SUBSET_OPTIONS))
    .update(String(statSync(source).size))
    .digest("hex");
  const stamp = `${FONT_OUT}.key`;
  if (
    existsSync(FONT_OUT) &&
    existsSync(FONT_CHARS) &&
    existsSync(stamp) &&
    readFileSync(stamp, "utf8") === key
  ) {
    console.log(`fonts: ${FONT_OUT} is up to date`);
    return;
  }
  const subset = await subsetFont(readFileSync(source), text, SUBSET_OPTIONS);
  mkdirSync(dirname(FONT_OUT), { recursive: true });
  writeFileSync(FONT_OUT, subset);
  writeFileSync(FONT_CHARS, text);
  writeFileSync(stamp, key);
  const hangul = [...text].filter((c) => c >= "\uac00" && c <= "\ud7a3").length;
  console.log(
    `fonts: ${[...text].length} characters (${hangul} Hangul syllables) → ${FONT_OUT}, ${(subset.length / 1024).toFixed(1)} KB`,
  );
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop()!)) await main();
