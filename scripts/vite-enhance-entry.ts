import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Plugin } from "vite";

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
