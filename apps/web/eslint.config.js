import { config } from "@arena/eslint-config";

export default [
  ...config({ tsconfigRootDir: import.meta.dirname }),
  { ignores: ["next-env.d.ts", ".next/**", "vitest-summary.json"] },
];
