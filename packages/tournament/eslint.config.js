import { config } from "@arena/eslint-config";

// Tournaments are folded by the server and the browser alike: pure like the match model.
export default config({ tsconfigRootDir: import.meta.dirname, pure: true });
