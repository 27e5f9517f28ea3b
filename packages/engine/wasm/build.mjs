// Compiles each WebAssembly module of the engine (AssemblyScript: wasm/endgame.ts, wasm/midgame.ts) and
// ships it as base64 in src/games/othello/ai/<name>-wasm-data.ts, so the engine stays plain TypeScript
// with no file reads. `node wasm/build.mjs` writes the files; `node wasm/build.mjs --check` fails when
// shipped bytes are not what the pinned compiler makes of the sources (the engine's tests run it).
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import asc from "assemblyscript/asc";

const MODULES = [
  { name: "endgame", constant: "ENDGAME_WASM" },
  { name: "midgame", constant: "MIDGAME_WASM" },
];

const ARGS = ["-O3", "--runtime", "stub", "--noAssert", "--use", "abort=", "--outFile", "module.wasm"];

// The compiler names a module's internals by their paths from its base directory, and the names decide
// the bytes: compiled from this directory, the bytes are the same from any working directory.
const WASM_DIR = fileURLToPath(new URL(".", import.meta.url));

async function compile(source) {
  let bytes = null;
  const { error, stderr } = await asc.main([source, ...ARGS, "--baseDir", WASM_DIR], {
    writeFile(name, contents) {
      if (name.endsWith(".wasm")) bytes = contents;
    },
  });
  if (error !== null || bytes === null) throw new Error(`asc failed: ${error}\n${stderr.toString()}`);
  return bytes;
}

function moduleText(name, constant, bytes) {
  const base64 = Buffer.from(bytes).toString("base64");
  const lines = base64.match(/.{1,100}/g) ?? [];
  return [
    "/**",
    ` * The compiled wasm/${name}.ts (AssemblyScript ` +
      asc.version +
      ", " +
      ARGS.slice(0, -2).join(" ") +
      "), " +
      bytes.length +
      " bytes —",
    " * generated, do not edit; regenerate with `npm run build:wasm -w @arena/engine`.",
    " */",
    `export const ${constant} =`,
    lines.map((line) => `  "${line}"`).join(" +\n") + ";",
    "",
  ].join("\n");
}

let stale = false;
for (const { name, constant } of MODULES) {
  const source = `${name}.ts`;
  const target = fileURLToPath(new URL(`../src/games/othello/ai/${name}-wasm-data.ts`, import.meta.url));
  const text = moduleText(name, constant, await compile(source));
  if (!process.argv.includes("--check")) writeFileSync(target, text);
  else if (readFileSync(target, "utf8") !== text) {
    console.error(`${target} is not the compiled wasm/${name}.ts: run npm run build:wasm -w @arena/engine`);
    stale = true;
  }
}
if (stale) process.exit(1);
