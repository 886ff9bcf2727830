// Compares every prerendered public page of two builds (`<build>/sites/<id>.json`, both sample
// complexes), byte for byte apart from the asset hashes in their file names (`home-Df1-21d5.css`
// is `home.css` on both sides) and a calendar file's time of making. A move of code that must not change what visitors get (issue 40)
// is checked by building before and after: `node scripts/compare-pages.mjs BEFORE_DIR AFTER_DIR`.
// Prints each page that differs with its first difference; exits 1 if any does.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const [before, after] = process.argv.slice(2);
if (!before || !after) {
  console.error("사용법: node scripts/compare-pages.mjs <이전 빌드 폴더> <새 빌드 폴더>");
  process.exit(2);
}

/**
 * A page as compared: an asset's name without its content hash (/assets/home-Df1-21d5.css →
 * /assets/home.css), and a calendar file's DTSTAMP (the time it was made) left out.
 */
const withoutHashes = (html) =>
  html
    .replace(/(\/assets\/[\w.-]+?)-[\w-]{8}(\.[a-z0-9]+)/g, "$1$2")
    .replace(/^DTSTAMP:[0-9TZ]+\r?$/gm, "DTSTAMP:");

const pagesOf = (dir, file) => JSON.parse(readFileSync(join(dir, "sites", file), "utf8")).pages;

let differing = 0;
let compared = 0;
for (const file of readdirSync(join(before, "sites")).filter((f) => f.endsWith(".json"))) {
  const old = pagesOf(before, file);
  const now = pagesOf(after, file);
  for (const path of new Set([...Object.keys(old), ...Object.keys(now)])) {
    compared++;
    const a = old[path] && withoutHashes(old[path].html);
    const b = now[path] && withoutHashes(now[path].html);
    if (a === b) continue;
    differing++;
    if (a === undefined || b === undefined) {
      console.log(`${file} ${path}: ${a === undefined ? "새로 생김" : "사라짐"}`);
      continue;
    }
    let i = 0;
    while (a[i] === b[i]) i++;
    console.log(`${file} ${path}: ${i}번째 글자부터 다름`);
    console.log(`  이전: ${a.slice(Math.max(0, i - 60), i + 60)}`);
    console.log(`  이후: ${b.slice(Math.max(0, i - 60), i + 60)}`);
  }
}
console.log(`${compared}개 페이지 중 ${differing}개 다름`);
process.exit(differing ? 1 : 0);
