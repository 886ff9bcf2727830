import { describe, expect, it } from "vitest";
import AFTER_CHROME from "~/inline/after-chrome.ts?inline-script";
import FIRST_SECONDS from "~/inline/first-seconds.ts?inline-script";
import STARTER from "~/inline/starter.ts?inline-script";
import { libraryInputs } from "./vite-inline-script";

describe("inline scripts (?inline-script)", () => {
  it("are one minified script each, that cannot end the page's <script> element early", () => {
    for (const code of [FIRST_SECONDS, AFTER_CHROME, STARTER]) {
      expect(code).toMatch(/^"use strict";\(\(\)=>\{[\s\S]+\}\)\(\);$/);
      expect(code).not.toMatch(/<\/script|<!--/i);
      expect(code).not.toMatch(/\n/);
    }
  });

  it("refuse a rule that brings a library along", () => {
    expect(
      libraryInputs([
        "app/lib/attribution.ts",
        "node_modules/zod/v4/core/core.js",
        "app/inline/visit.ts",
      ]),
    ).toEqual(["node_modules/zod/v4/core/core.js"]);
    expect(libraryInputs(["app/lib/before-script.ts", "app/inline/starter.ts"])).toEqual([]);
  });
});
