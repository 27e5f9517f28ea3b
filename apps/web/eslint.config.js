import { config } from "@arena/eslint-config";
import { browserImports } from "@arena/eslint-config/browser";
import reactHooks from "eslint-plugin-react-hooks";

export default [
  // The maintainers' scripts are plain JavaScript run by Node, outside the TypeScript project.
  { ignores: ["scripts/**"] },
  ...config({ tsconfigRootDir: import.meta.dirname }),
  {
    files: ["src/**/*.tsx", "src/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    // The browser downloads no AI (docs/web.md): only the engine's rules, through the registry and the
    // games' rules modules. Tests run in Node and may read the AI registry (src/no-ai-code.test.ts).
    files: ["src/**/*.tsx", "src/**/*.ts"],
    ignores: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@arena/engine",
              message:
                "The engine's index re-exports the AI: import @arena/engine/registry or a game's rules.",
            },
          ],
          patterns: [
            {
              group: [
                "@arena/engine/ai/*",
                "@arena/engine/search/*",
                "@arena/lab",
                "@arena/lab/*",
                "@arena/engine/games/*/ai/*",
                "@arena/engine/worker",
                "@arena/engine/debug",
              ],
              message: "AI code stays out of the browser: level names come from GET /api/games.",
            },
          ],
        },
      ],
    },
  },
  // The browser loads no zod; tests run in Node and may check what the web builds against the schemas.
  browserImports({
    files: ["src/**/*.tsx", "src/**/*.ts"],
    ignores: ["src/**/*.test.ts", "src/**/*.test.tsx", "src/test-support/**"],
  }),
  { ignores: ["next-env.d.ts", ".next/**", "vitest-summary.json"] },
];
