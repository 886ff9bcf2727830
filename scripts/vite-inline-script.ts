import { resolve } from "node:path";
import { build } from "esbuild";
import type { Plugin } from "vite";

/*
 * `import code from "~/inline/<name>.ts?inline-script"`: the module bundled by esbuild into one
 * minified script (an IIFE, its imports from app/lib inlined), as a string, for a page to carry
 * inline (app/inline/README.md). Written and type-checked as TypeScript like the rest; the same
 * text on every page, so one hash in the Content-Security-Policy allows it.
 */
const QUERY = "?inline-script";
const PREFIX = "\0inline-script:";

/** The browsers the site supports (Safari 14 on older iPhones, Samsung Internet, Chrome). */
const TARGET = ["es2020", "safari14", "chrome90"];

export function inlineScripts(): Plugin {
  return {
    name: "inline-script",
    enforce: "pre",
    async resolveId(source, importer) {
      if (!source.endsWith(QUERY)) return undefined;
      const resolved = await this.resolve(source.slice(0, -QUERY.length), importer, {
        skipSelf: true,
      });
      return resolved ? PREFIX + resolved.id : undefined;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return undefined;
      const file = id.slice(PREFIX.length);
      const result = await build({
        entryPoints: [file],
        bundle: true,
        minify: true,
        format: "iife",
        platform: "browser",
        target: TARGET,
        write: false,
        metafile: true,
        legalComments: "none",
        alias: { "~": resolve("app") },
        logLevel: "silent",
      });
      const inputs = Object.keys(result.metafile.inputs);
      for (const input of inputs) this.addWatchFile(resolve(input));
      const libraries = libraryInputs(inputs);
      if (libraries.length)
        this.error(
          `${file}: 페이지에 인라인으로 들어가는 코드가 라이브러리를 가져옵니다 (${libraries.join(", ")}). ` +
            "app/lib의 작은 상수와 규칙만 가져오세요 (app/inline/README.md).",
        );
      const code = result.outputFiles[0]?.text.trim() ?? "";
      // Closing tags cannot end the inline <script> early: React writes the string as it is.
      if (/<\/script|<!--/i.test(code)) this.error(`${file}: </script> 또는 <!-- 가 들어 있습니다`);
      return `export default ${JSON.stringify(code)};`;
    },
  };
}

/**
 * The library files among an inline script's inputs. Each page carries its inline code in its
 * HTML: a rule that brings zod (290 KB) or React along, through a module that needs it for
 * something else, must stop the build, not reach every page.
 */
export function libraryInputs(inputs: string[]): string[] {
  return inputs.filter((input) => /(^|\/)node_modules\//.test(input));
}
