import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { reactInPublicScripts } from "./vite-enhance-entry";

/** A chunk of a bundle: its file, the modules in it, what it imports statically and on demand. */
const chunk = (
  fileName: string,
  modules: string[],
  imports: string[] = [],
  dynamic: string[] = [],
) =>
  ({
    type: "chunk",
    fileName,
    modules: Object.fromEntries(modules.map((m) => [m, {}])),
    imports,
    dynamicImports: dynamic,
  }) as unknown as Rollup.OutputChunk;

const bundleOf = (...chunks: Rollup.OutputChunk[]) =>
  Object.fromEntries(chunks.map((c) => [c.fileName, c])) as Rollup.OutputBundle;

describe("public pages' scripts without React", () => {
  it("finds React reached on demand through a constant taken from a component file", () => {
    const bundle = bundleOf(
      chunk("assets/enhance.js", ["/app/enhance/main.ts"], [], ["assets/chrome.js"]),
      chunk("assets/chrome.js", ["/app/enhance/chrome.ts"], ["assets/notice-bar.js"]),
      chunk("assets/notice-bar.js", ["/app/components/live/notice-bar.tsx"], ["assets/rr.js"]),
      chunk("assets/rr.js", ["\0/x/node_modules/react-router/dist/index.mjs?commonjs-module"]),
      chunk("assets/root.js", ["/app/root.tsx"], ["assets/rr.js"]),
    );
    expect(reactInPublicScripts(bundle, "assets/enhance.js")).toEqual([
      {
        chain: ["assets/enhance.js", "assets/chrome.js", "assets/notice-bar.js"],
        module: "/app/components/live/notice-bar.tsx",
      },
      {
        chain: ["assets/enhance.js", "assets/chrome.js", "assets/notice-bar.js", "assets/rr.js"],
        module: "\0/x/node_modules/react-router/dist/index.mjs?commonjs-module",
      },
    ]);
  });

  it("passes a graph of plain modules, whatever the hydrated pages' chunks hold", () => {
    const bundle = bundleOf(
      chunk(
        "assets/enhance.js",
        ["/app/enhance/main.ts"],
        ["assets/events.js"],
        ["assets/home.js"],
      ),
      chunk("assets/events.js", ["/app/enhance/events.ts", "/app/lib/before-script.ts"]),
      chunk("assets/home.js", [
        "/app/enhance/home.ts",
        "/x/node_modules/embla-carousel/esm/index.js",
      ]),
      chunk("assets/root.js", ["/app/root.tsx", "/x/node_modules/react/index.js"]),
    );
    expect(reactInPublicScripts(bundle, "assets/enhance.js")).toEqual([]);
  });
});
