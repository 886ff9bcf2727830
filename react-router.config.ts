import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/content/pages";
import { validateContent } from "./app/content/validate";

// Invalid content stops the build here, with a message naming the field.
validateContent();

export default {
  ssr: true,
  // BUILD_DIR lets parallel builds (benchmarks, several working copies) use separate folders.
  buildDirectory: process.env.BUILD_DIR || "build",
  // Every marketing page is rendered to static HTML at build time.
  prerender: () => prerenderPaths(),
} satisfies Config;
