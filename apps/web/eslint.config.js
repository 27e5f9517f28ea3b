import { config } from "@arena/eslint-config";
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
  {
    // The browser loads no zod (docs/web.md, "Light pages"): the protocol's root and schema modules build
    // every schema when loaded, so the web takes values from its zod-free entry and types from anywhere.
    // Under verbatimModuleSyntax `import { type X }` still loads its module: types alone say `import type`.
    // Tests run in Node and may check what the web builds against the schemas.
    files: ["src/**/*.tsx", "src/**/*.ts"],
    ignores: ["src/**/*.test.ts", "src/**/*.test.tsx", "src/test-support/**"],
    rules: {
      "@typescript-eslint/no-import-type-side-effects": "error",
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@arena/protocol",
              allowTypeImports: true,
              message:
                "The protocol's root brings zod to the browser: import values from @arena/protocol/values.",
            },
          ],
          patterns: [
            {
              group: ["@arena/protocol/*", "!@arena/protocol/values"],
              allowTypeImports: true,
              message:
                "The protocol's schema modules bring zod to the browser: import values from @arena/protocol/values.",
            },
            {
              group: ["zod", "zod/*"],
              message: "The browser loads no zod: the server validates; the page reads the protocol's types.",
            },
          ],
        },
      ],
    },
  },
  { ignores: ["next-env.d.ts", ".next/**", "vitest-summary.json"] },
];
