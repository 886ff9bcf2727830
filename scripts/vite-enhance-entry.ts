import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Plugin, Rollup } from "vite";

/*
 * Bundles app/enhance/main.ts, the public pages' own browser code (docs/decisions/014), as one
 * more entry of the client build, beside React Router's, and tells the server build its URL
 * through the module `virtual:enhance-entry`. React Router builds the client first, then the
 * server, each with its own configuration, so the client build leaves the chunk's URL in a file
 * beside its output (`<build>/enhance-entry.json`) for the server build to read.
 * In development the URL is the source file, which Vite's dev server compiles on request.
 */
const ENTRY = resolve("app/enhance/main.ts");
const VIRTUAL = "virtual:enhance-entry";
const RESOLVED = `\0${VIRTUAL}`;

export function enhanceEntry(): Plugin {
  let command: "build" | "serve" = "build";
  let base = "/";
  /** The file that carries the URL from the client build to the server build. */
  const recordFile = (outDir: string) => resolve(outDir, "..", "enhance-entry.json");
  return {
    name: "enhance-entry",
    configResolved(config) {
      command = config.command;
      base = config.base;
    },
    buildStart() {
      if (command === "build" && this.environment.name === "client") {
        this.emitFile({ type: "chunk", id: ENTRY, name: "enhance" });
      }
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const chunk = Object.values(bundle).find(
        (c) => c.type === "chunk" && c.isEntry && c.facadeModuleId === ENTRY,
      );
      if (!chunk) this.error("enhance-entry: app/enhance/main.ts is missing from the client build");
      const found = reactInPublicScripts(bundle, chunk.fileName);
      if (found.length) this.error(reactFoundMessage(found));
      const file = recordFile(resolve(this.environment.config.build.outDir));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify({ url: base + chunk.fileName }));
    },
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      if (command === "serve") return `export default ${JSON.stringify("/app/enhance/main.ts")};`;
      // Only the server build imports it (entry.server.tsx), after the client build.
      const file = recordFile(resolve(this.environment.config.build.outDir));
      const { url } = JSON.parse(readFileSync(file, "utf8")) as { url: string };
      return `export default ${JSON.stringify(url)};`;
    },
  };
}

/**
 * Public pages carry no React (docs/decisions/014). A module that the pages' script reaches and
 * that brings React in (a component file imported for one of its constants, a hook's helper) would
 * put React Router and React, 130 KB, back on every page without anything else showing it.
 */
const REACT_MODULE = /\/node_modules\/(react|react-dom|react-router|scheduler)\/|\.tsx$/;

/**
 * Every chunk the public pages' script loads, statically or on demand, from `entry` (a file name
 * of the bundle), that holds React, React Router or one of our components (`.tsx`): each with the
 * chain of chunks that leads to it and the first such module.
 */
export function reactInPublicScripts(
  bundle: Rollup.OutputBundle,
  entry: string,
): { chain: string[]; module: string }[] {
  const found: { chain: string[]; module: string }[] = [];
  const seen = new Set<string>();
  const visit = (fileName: string, chain: string[]) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type !== "chunk") return;
    const here = [...chain, fileName];
    const module = Object.keys(chunk.modules).find((id) =>
      REACT_MODULE.test(id.replace(/\?.*$/, "")),
    );
    if (module) found.push({ chain: here, module });
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next, here);
  };
  visit(entry, []);
  return found;
}

function reactFoundMessage(found: { chain: string[]; module: string }[]): string {
  const lines = found.map(
    ({ chain, module }) => `  ${chain.join(" → ")}: ${module.replace(/^\0/, "")}`,
  );
  return [
    "공개 페이지의 스크립트(app/enhance)에 React가 들어갔습니다 (docs/decisions/014).",
    "상수나 함수를 컴포넌트 파일(.tsx)이나 React를 쓰는 모듈에서 가져오지 말고 app/lib로 옮기세요:",
    ...lines,
  ].join("\n");
}
