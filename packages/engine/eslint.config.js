import { config } from "@arena/eslint-config";

// wasm/ holds AssemblyScript (its own types: u64, unchecked, …) and the script that compiles it.
export default [{ ignores: ["wasm/**"] }, ...config({ tsconfigRootDir: import.meta.dirname, pure: true })];
