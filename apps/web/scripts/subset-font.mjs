#!/usr/bin/env node
// Cuts Geist Sans and Geist Mono (the variable fonts of the `geist` package, every weight) down to the
// characters Arena's English and Russian pages use (src/app/fonts/subset.json): each about half its size on
// a first load. Japanese text is drawn by the system's CJK fonts either way (docs/web.md, "Light pages").
// Usage: node apps/web/scripts/subset-font.mjs   (run again after changing subset.json; commit the files)
// src/app/fonts.test.ts checks that the committed files are what this script makes.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";

const fonts = join(dirname(fileURLToPath(import.meta.url)), "../src/app/fonts");
const spec = JSON.parse(readFileSync(join(fonts, "subset.json"), "utf8"));
// The package exports only its font modules, so find its folder through one of them.
const entry = createRequire(import.meta.url).resolve("geist/font/sans");
const geist = entry.slice(0, entry.lastIndexOf("/geist/") + "/geist/".length);

/** Every character the ranges name, as one string. */
export function subsetCharacters() {
  let text = "";
  for (const [from, to] of spec.ranges) {
    for (let code = parseInt(from, 16); code <= parseInt(to, 16); code++) text += String.fromCodePoint(code);
  }
  return text;
}

/** Each font's committed path and the bytes the script makes for it now. */
export async function subsetFonts() {
  return Promise.all(
    spec.fonts.map(async ({ source, output }) => ({
      path: join(fonts, output),
      bytes: await subsetFont(readFileSync(join(geist, source)), subsetCharacters(), {
        targetFormat: "woff2",
      }),
    })),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const { path, bytes } of await subsetFonts()) {
    writeFileSync(path, bytes);
    console.log(`${path}: ${bytes.length} bytes`);
  }
}
