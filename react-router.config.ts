import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/content/pages";

export default {
  ssr: true,
  // BUILD_DIR lets parallel builds (benchmarks, several working copies) use separate folders.
  buildDirectory: process.env.BUILD_DIR || "build",
  // Every marketing page is rendered to static HTML at build time. Importing the
  // content here also validates it: invalid content stops the build with a message.
  prerender: () => prerenderPaths(),
} satisfies Config;
