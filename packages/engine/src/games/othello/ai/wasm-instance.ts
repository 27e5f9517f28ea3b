/**
 * A new instance of one of the engine's WebAssembly modules (shipped as base64 by wasm/build.mjs), its
 * module compiled once per thread. Compiled synchronously, which Node and workers allow (browser main
 * threads only up to 4 KB; the browser holds no AI code, docs/web.md).
 */
import { fromBase64 } from "./weights-codec.js";

// The engine's lib is plain ES2023 (no DOM, no Node); this is the part of the WebAssembly API it uses.
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { readonly exports: Record<string, unknown> };
};

const compiled = new Map<string, object>();

export function wasmInstance(base64: string, imports: object): Record<string, unknown> {
  let module = compiled.get(base64);
  if (module === undefined) {
    module = new WebAssembly.Module(fromBase64(base64));
    compiled.set(base64, module);
  }
  return new WebAssembly.Instance(module, imports).exports;
}
