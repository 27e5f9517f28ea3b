import { config } from "@arena/eslint-config";

// The server loads the engine's rules and AI levels; players, tournaments and training are lab work.
const LAB = { group: ["@arena/lab", "@arena/lab/*"], message: "The lab is not product code." };

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
          LAB,
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
  { files: ["src/**/*.ts"], rules: { "no-restricted-imports": ["error", { patterns: [LAB] }] } },
  // Later entries replace the rule for their files, so each backend's list repeats the lab's pattern.
  ...["memory", "sqlite", "redis"].map(backendBoundary),
];
