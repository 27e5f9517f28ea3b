import { config } from "@arena/eslint-config";

export default [
  ...config({ tsconfigRootDir: import.meta.dirname }),
  {
    // The server loads the engine's rules and AI levels; players, tournaments and training are lab work.
    files: ["src/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@arena/lab", "@arena/lab/*"], message: "The lab is not product code." }] },
      ],
    },
  },
];
