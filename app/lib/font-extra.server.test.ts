import { describe, expect, test } from "vitest";
import type { Site } from "~/content/schema";
import { fontExtraFile, missingChars, unicodeRange } from "./font-extra.server";

/*
 * A complex's own characters: what the build's subset lacks becomes a second small file, named by
 * those characters and cut only for the complex that shows them.
 */

const site = (name: string) => ({ id: "x", project: { siteName: name } }) as unknown as Site;

describe("a complex's own characters", () => {
  test("are the characters of its content the build's subset lacks, Hangul and Latin alike", () => {
    const built = new Set("라움하임 평촌센트럴x");
    expect(missingChars(site("라움하임 동탄 센트럴 Æ"), built)).toBe([..."Æ동탄"].sort().join(""));
    expect(missingChars(site("라움하임 평촌"), built)).toBe("");
    // Without a built subset (no font yet) there is nothing to supplement.
    expect(missingChars(site("동탄"), null)).toBe("");
  });

  test("are declared as a unicode-range, neighbours joined", () => {
    expect(unicodeRange("가각갂동")).toBe("U+AC00-AC02,U+B3D9");
    expect(unicodeRange("A")).toBe("U+41");
  });

  test("are served only under the complex's own name", () => {
    const other = site("뷁");
    expect(fontExtraFile(other, "made-up.woff2")).toBeUndefined();
  });
});
