import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      "screenshots/",
      ".react-router/",
      "node_modules/",
      "public/img/",
      "bench-results/",
      "data/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "react-hooks/set-state-in-effect": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      // `import { type A }` keeps the module in the bundle (verbatimModuleSyntax): a route's
      // component importing a .server module's type that way breaks the client build.
      "@typescript-eslint/no-import-type-side-effects": "error",
    },
  },
  {
    files: ["server/**/*.js", "scripts/**/*.{js,mjs}"],
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        URL: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        Buffer: "readonly",
        Headers: "readonly",
        Request: "readonly",
        AbortController: "readonly",
      },
    },
  },
  {
    // CommonJS preloads (node --require): tests/e2e/support/clock.cjs.
    files: ["**/*.cjs"],
    languageOptions: {
      sourceType: "commonjs",
      globals: { require: "readonly", process: "readonly", module: "writable" },
    },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
