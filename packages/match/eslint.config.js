import { config } from "@arena/eslint-config";
import { browserImports } from "@arena/eslint-config/browser";

// The match model runs in the server and in the browser: pure like the engine, and without zod.
export default [
  ...config({ tsconfigRootDir: import.meta.dirname, pure: true }),
  browserImports({ files: ["src/**/*.ts"], ignores: ["src/**/*.test.ts"] }),
];
