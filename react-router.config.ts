import type { Config } from "@react-router/dev/config";
import { loadSites } from "./app/sites/registry.server";

// Every complex's data is validated here: an invalid sites/<id>/site.yaml stops the build with a
// Korean message naming the file and the field.
loadSites();

export default {
  ssr: true,
  // BUILD_DIR lets parallel builds (benchmarks, several working copies) use separate folders.
  buildDirectory: process.env.BUILD_DIR || "build",
  // No prerender here: every complex's marketing pages are rendered to static HTML after this
  // build by scripts/render-sites.mjs (server/render-site.js), one renderer for the build and the
  // running server.
} satisfies Config;
