/**
 * A picture uploaded in the console: the time processUpload (app/media/upload.server.ts) takes to
 * check a 4000×3000 JPEG and make all its variants (AVIF and WebP at 480, 750, 960, 1440, 1920 and
 * 4000 px, a JPEG at 4000 px) into a media store in a temporary folder, as POST /admin/media does
 * before it answers. The picture is photo-like (a drawing of the samples' interior, rasterised at
 * 4000×3000, with a camera's grain: a 1.4 MB JPEG); each round uploads different bytes, so nothing
 * is skipped as already stored. Budget: at most 5 s (issue 29). The CPU time of all threads is
 * printed beside it: on this 2-core machine the wall time is about half of it when nothing else
 * runs, and grows with whatever else does.
 *
 *   node scripts/bench-upload.mjs [--rounds 3]
 *
 * Needs no build (the app's TypeScript is loaded through tsx). Writes bench-results/upload.json and
 * its block of docs/benchmarks.md; exit code 1 on a miss.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import sharp from "sharp";
import { tsImport } from "tsx/esm/api";
import { commit, loadAverage, machine, median, option, writeFigures } from "./bench-helpers.mjs";

const BUDGET_MS = 5000;
const WIDTH = 4000;
const HEIGHT = 3000;

/** A 4000×3000 photo-like JPEG; `seed` changes its grain, so each round's bytes differ. */
async function photo(seed) {
  const drawing = await sharp("assets/images/photo/interior-84a-living.svg", { density: 300 })
    .resize(WIDTH, HEIGHT, { fit: "cover" })
    .removeAlpha()
    .raw()
    .toBuffer();
  let x = seed * 2654435761;
  for (let i = 0; i < drawing.length; i++) {
    // xorshift: a camera's grain, ±6 levels.
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    drawing[i] = Math.max(0, Math.min(255, drawing[i] + ((x >>> 0) % 13) - 6));
  }
  return sharp(drawing, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function main() {
  const rounds = Number(option("--rounds") ?? 3);
  const { processUpload } = await tsImport("../app/media/upload.server.ts", import.meta.url);
  const { folderStore } = await tsImport("../app/media/store.server.ts", import.meta.url);
  const dir = mkdtempSync(join(tmpdir(), "bench-upload-"));
  const results = [];
  try {
    for (let round = 1; round <= rounds; round++) {
      const bytes = await photo(round);
      const store = folderStore(join(dir, String(round)));
      const cpu = process.cpuUsage();
      const started = performance.now();
      const result = await processUpload(bytes, { alt: "거실 사진", store });
      const ms = Math.round(performance.now() - started);
      const used = process.cpuUsage(cpu);
      if (!result.ok) throw new Error(`upload refused: ${result.message}`);
      const files = readdirSync(join(dir, String(round), "media"));
      const variantKb = Math.round(
        files
          .filter((f) => !f.includes("x"))
          .reduce((sum, f) => sum + statSync(join(dir, String(round), "media", f)).size, 0) / 1024,
      );
      results.push({
        round,
        ms,
        cpuMs: Math.round((used.user + used.system) / 1000),
        uploadKb: Math.round(bytes.length / 1024),
        files: files.length,
        variantKb,
      });
      console.log(`round ${round}: ${ms} ms`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const ms = median(results.map((r) => r.ms));
  const ok = ms <= BUDGET_MS;
  const figures = [
    `${new Date().toISOString().slice(0, 16)} UTC, commit ${commit}, ${machine}, load average ${loadAverage()}.`,
    `\`node scripts/bench-upload.mjs\`: processUpload of a ${WIDTH}×${HEIGHT} photo-like JPEG into a folder store: AVIF and WebP at 480–1920 px and 4000 px, a JPEG at 4000 px, and the original (${results[0]?.files} files).`,
    "",
    "| round | upload KB | ms | CPU ms (all threads) | files | variants KB |",
    "| ---: | ---: | ---: | ---: | ---: | ---: |",
    ...results.map(
      (r) => `| ${r.round} | ${r.uploadKb} | ${r.ms} | ${r.cpuMs} | ${r.files} | ${r.variantKb} |`,
    ),
    "",
    `Median: **${ms} ms** from the bytes to every variant stored (budget ≤ ${BUDGET_MS}): ${ok ? "within budget" : "MISSED"}.`,
  ].join("\n");
  console.log("\n" + figures);
  writeFigures({
    name: "bench-upload",
    heading: "A picture upload: a 4000×3000 JPEG into its variants (`scripts/bench-upload.mjs`)",
    figures,
    json: "upload.json",
    data: { commit, machine, results, medianMs: ms, budgetMs: BUDGET_MS },
  });
  if (!ok) process.exitCode = 1;
}

await main();
