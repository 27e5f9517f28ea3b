import { config } from "@arena/eslint-config";

// Puzzles are pure like the engine: the CLI reads and writes the files and brings the clock.
export default config({ tsconfigRootDir: import.meta.dirname, pure: true });
