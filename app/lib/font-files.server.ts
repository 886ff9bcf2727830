import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/*
 * The web font's files (docs/decisions/009): the build's subset of Pretendard (scripts/build-fonts.ts)
 * and the characters it was cut for, which the server reads to make a complex's own supplement
 * (app/lib/font-extra.server.ts). Both are build output under app/styles/fonts/, not committed.
 */

export const FONT_OUT = "app/styles/fonts/pretendard-subset.woff2";
/** The subset's characters, as one string. */
export const FONT_CHARS = "app/styles/fonts/pretendard-subset.chars.txt";

/**
 * Weight axis kept: body text is 400, headings up to 900 (app/styles). Layout features: kerning and
 * tabular figures (`font-variant-numeric: tabular-nums`); Korean needs no ligatures or alternates,
 * and dropping them (with the glyphs only they reach) saves a fifth of the file.
 */
export const SUBSET_OPTIONS = {
  targetFormat: "woff2",
  variationAxes: { wght: { min: 400, max: 900, default: 400 } },
  keepFeatures: ["kern", "tnum"],
  noHinting: true,
} as const;

/** Pretendard's variable TrueType font, which every subset is cut from. */
export function pretendardSource(): string {
  const require = createRequire(import.meta.url);
  return join(
    dirname(require.resolve("pretendard/package.json")),
    "dist/public/variable/PretendardVariable.ttf",
  );
}
