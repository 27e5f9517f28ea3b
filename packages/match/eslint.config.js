import { config } from "@arena/eslint-config";

// The match model runs in the server and in the browser: pure like the engine.
export default config({ tsconfigRootDir: import.meta.dirname, pure: true });
