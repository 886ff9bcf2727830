import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { enhanceEntry } from "./scripts/vite-enhance-entry";

export default defineConfig({
  plugins: [reactRouter(), tsconfigPaths(), enhanceEntry()],
  build: { assetsInlineLimit: 2048 },
});
