// ESLint for the browser UI (plain ES modules, no build step) and its Node unit tests.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["src/ra/server/static/js/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.browser },
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.node },
  },
  {
    rules: {
      eqeqeq: ["error", "always"],
      "no-implicit-globals": "error",
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_" }],
      "no-var": "error",
      "prefer-const": "error",
      // The page's CSP forbids eval-like code.
      "no-eval": "error",
      "no-implied-eval": "error",
      "no-new-func": "error",
    },
  },
];
