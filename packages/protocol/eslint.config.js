import { config } from "@arena/eslint-config";

export default config({ tsconfigRootDir: import.meta.dirname });
