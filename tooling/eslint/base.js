// Shared lint rules: type-checked TypeScript, no import cycles, and the
// engine's purity boundary (no Node, sockets, clocks or React inside it).
import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";

/** @param {{ tsconfigRootDir: string, pure?: boolean }} options */
export function config({ tsconfigRootDir, pure = false }) {
  return tseslint.config(
    { ignores: ["dist/**", "bin/**", ".next/**", "coverage/**", "*.config.*", "next-env.d.ts"] },
    js.configs.recommended,
    ...tseslint.configs.recommendedTypeChecked,
    {
      languageOptions: {
        parserOptions: { projectService: true, tsconfigRootDir },
      },
      plugins: { "import-x": importX },
      rules: {
        "import-x/no-cycle": ["error", { maxDepth: 10 }],
        "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
        "@typescript-eslint/no-non-null-assertion": "error",
        "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
        "@typescript-eslint/restrict-template-expressions": [
          "error",
          { allowNumber: true, allowBoolean: true },
        ],
        eqeqeq: ["error", "smart"],
      },
    },
    pure
      ? {
          files: ["src/**/*.ts"],
          // Tests and their support run in Node and are never built into the package.
          ignores: ["src/**/*.test.ts", "src/**/test-support/**", "src/worker.ts"],
          rules: {
            "no-restricted-imports": [
              "error",
              {
                patterns: [
                  {
                    group: ["node:*", "fs", "path", "os", "worker_threads", "child_process"],
                    message: "The engine is pure: no Node imports.",
                  },
                  {
                    group: ["socket.io*", "react*", "next*", "express*", "redis*"],
                    message: "The engine is pure.",
                  },
                ],
              },
            ],
            "no-restricted-globals": ["error", "process", "setTimeout", "setInterval", "Date"],
          },
        }
      : {},
  );
}
