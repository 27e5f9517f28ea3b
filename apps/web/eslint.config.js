import { config } from "@arena/eslint-config";
import reactHooks from "eslint-plugin-react-hooks";

export default [
  ...config({ tsconfigRootDir: import.meta.dirname }),
  {
    files: ["src/**/*.tsx", "src/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  { ignores: ["next-env.d.ts", ".next/**", "vitest-summary.json"] },
];
