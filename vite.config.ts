import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { enhanceEntry } from "./scripts/vite-enhance-entry";
import { inlineScripts } from "./scripts/vite-inline-script";

export default defineConfig({
  plugins: [inlineScripts(), reactRouter(), tsconfigPaths(), enhanceEntry()],
  build: { assetsInlineLimit: 2048 },
});
