/**
 * The rules of code the browser loads, which ships no zod (docs/web.md, "Light pages"): the protocol's root
 * and schema modules build every schema when loaded, so values come from its zod-free entry
 * `@arena/protocol/values` and types from anywhere. Under verbatimModuleSyntax `import { type X }` still
 * loads its module, so an import of types alone says `import type`. Tests run in Node and are left out.
 */
export function browserImports({ files, ignores }) {
  return {
    files,
    ignores,
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
  };
}
