// Compiles wasm/endgame.ts (AssemblyScript) and ships the module as base64 in
// src/games/othello/ai/endgame-wasm-data.ts, so the engine stays plain TypeScript with no file reads.
// `node wasm/build.mjs` writes the file; `node wasm/build.mjs --check` fails when the shipped bytes
// are not what the pinned compiler makes of the source (the engine's tests run it).
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import asc from "assemblyscript/asc";

const source = fileURLToPath(new URL("./endgame.ts", import.meta.url));
const target = fileURLToPath(new URL("../src/games/othello/ai/endgame-wasm-data.ts", import.meta.url));

const ARGS = ["-O3", "--runtime", "stub", "--noAssert", "--use", "abort=", "--outFile", "endgame.wasm"];

async function compile() {
  let bytes = null;
  const { error, stderr } = await asc.main([source, ...ARGS], {
    writeFile(name, contents) {
      if (name.endsWith(".wasm")) bytes = contents;
    },
  });
  if (error !== null || bytes === null) throw new Error(`asc failed: ${error}\n${stderr.toString()}`);
  return bytes;
}

function moduleText(bytes) {
  const base64 = Buffer.from(bytes).toString("base64");
  const lines = base64.match(/.{1,100}/g) ?? [];
  return [
    "/**",
    " * The compiled wasm/endgame.ts (AssemblyScript " +
      asc.version +
      ", " +
      ARGS.slice(0, -2).join(" ") +
      "), " +
      bytes.length +
      " bytes —",
    " * generated, do not edit; regenerate with `npm run build:wasm -w @arena/engine`.",
    " */",
    "export const ENDGAME_WASM =",
    lines.map((line) => `  "${line}"`).join(" +\n") + ";",
    "",
  ].join("\n");
}

const text = moduleText(await compile());
if (process.argv.includes("--check")) {
  if (readFileSync(target, "utf8") !== text) {
    console.error(`${target} is not the compiled wasm/endgame.ts: run npm run build:wasm -w @arena/engine`);
    process.exit(1);
  }
} else {
  writeFileSync(target, text);
}
