import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/content/pages";
import { defaultSite, loadSites } from "./app/sites/registry.server";

// Every complex's data is validated here: an invalid sites/<id>/site.yaml stops the build with a
// Korean message naming the file and the field.
loadSites();

export default {
  ssr: true,
  // BUILD_DIR lets parallel builds (benchmarks, several working copies) use separate folders.
  buildDirectory: process.env.BUILD_DIR || "build",
  // The default complex's marketing pages are rendered to static HTML at build time (for now: the
  // other complexes are rendered per request until prerendering is done per complex).
  prerender: () => prerenderPaths(defaultSite()),
} satisfies Config;
