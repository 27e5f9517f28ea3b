import { config } from "@arena/eslint-config";

// The lab (players, tournaments, training) is pure like the engine: the CLI brings the clock and the threads.
export default config({ tsconfigRootDir: import.meta.dirname, pure: true });
