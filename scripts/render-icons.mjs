#!/usr/bin/env node
// Renders the web app's icon (apps/web/src/app/icon.svg) with Debian's Chromium into the raster icons a
// phone and an old browser ask for: /favicon.ico (a 32 px PNG inside an ICO), the 180 px Apple touch icon,
// and the 192 px and 512 px icons of the web app manifest (apps/web/src/app/manifest.ts).
// Usage: node scripts/render-icons.mjs   (run again after changing icon.svg; commit the files it writes)
import { createRequire } from "node:module";
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { chromium } = createRequire(join(root, "e2e/package.json"))("@playwright/test");
const app = join(root, "apps/web/src/app");
const svg = readFileSync(join(app, "icon.svg"), "utf8");

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--headless=new"],
});
async function png(size) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(
    `<body style="margin:0;background:transparent">${svg.replace("<svg ", `<svg width="${size}" height="${size}" `)}</body>`,
  );
  const shot = await page.screenshot({ omitBackground: true });
  await page.close();
  return shot;
}

/** An ICO holding one PNG image (every browser since Vista-era reads PNG entries). */
function ico(image, size) {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size % 256, 6);
  header.writeUInt8(size % 256, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(image.length, 14);
  header.writeUInt32LE(22, 18); // the image follows the header
  return Buffer.concat([header, image]);
}

writeFileSync(join(app, "favicon.ico"), ico(await png(32), 32));
writeFileSync(join(app, "apple-icon.png"), await png(180));
mkdirSync(join(root, "apps/web/public/icons"), { recursive: true });
for (const size of [192, 512])
  writeFileSync(join(root, `apps/web/public/icons/icon-${size}.png`), await png(size));
await browser.close();
console.log("written: favicon.ico, apple-icon.png, public/icons/icon-192.png, public/icons/icon-512.png");
