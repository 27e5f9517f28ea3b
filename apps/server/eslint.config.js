import { config } from "@arena/eslint-config";

// A storage backend imports only the ports (its own and the cluster's), protocol types and its own folder:
// never another backend, never the services above it (docs/architecture.md, "Storage").
const backendBoundary = (backend) => ({
  files: [`src/store/${backend}/**/*.ts`],
  ignores: ["src/**/*.test.ts"],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            regex: "^\\.\\./(?!ports/|\\.\\./cluster/ports\\.js$)",
            message: "A backend imports only ../ports/, ../../cluster/ports.js and its own folder.",
          },
        ],
      },
    ],
  },
});

export default [
  ...config({ tsconfigRootDir: import.meta.dirname }),
  ...["memory", "sqlite", "redis"].map(backendBoundary),
];
