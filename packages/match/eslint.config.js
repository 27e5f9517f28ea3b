import { config } from "@arena/eslint-config";

// The match model runs in the server and in the browser: pure like the engine.
export default [
  ...config({ tsconfigRootDir: import.meta.dirname, pure: true }),
  {
    // In the browser it loads no zod (docs/web.md, "Light pages"): values come from the protocol's zod-free
    // entry, types from anywhere. An import of types alone says `import type`, since under
    // verbatimModuleSyntax `import { type X }` still loads the module.
    files: ["src/**/*.ts"],
    ignores: ["src/**/*.test.ts"],
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
            { group: ["zod", "zod/*"], message: "The match model runs in the browser, which loads no zod." },
          ],
        },
      ],
    },
  },
];
