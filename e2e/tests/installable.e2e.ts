import { expect, test } from "@playwright/test";

// Issue 31, "Light pages": every page asked for /favicon.ico and logged its 404, the site could not be
// installed on a phone, and the API's JSON went out uncompressed. The manifest, its icons, the favicon and
// compression of pages, scripts and the API are checked here as a browser asks for them.

test("the web app manifest names the app, opens standalone on the lobby and lists icons that load", async ({
  request,
}) => {
  const response = await request.get("/manifest.webmanifest");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = (await response.json()) as {
    name?: string;
    start_url?: string;
    display?: string;
    theme_color?: string;
    background_color?: string;
    icons?: { src: string; sizes: string; type: string }[];
  };
  expect(manifest.name).toBe("Arena");
  expect(manifest.start_url).toBe("/");
  expect(manifest.display).toBe("standalone");
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  // A phone installs from a 192 px and a 512 px icon.
  const sizes = (manifest.icons ?? []).map((icon) => icon.sizes);
  expect(sizes).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  for (const icon of manifest.icons ?? []) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()["content-type"], icon.src).toContain(icon.type);
  }
});

test("/favicon.ico is an icon, and every page links the favicon, the manifest and a theme colour", async ({
  request,
}) => {
  const favicon = await request.get("/favicon.ico");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["content-type"]).toBe("image/x-icon");
  // An ICO file: reserved 0, type 1 (icon), at least one image.
  const bytes = await favicon.body();
  expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
  expect(bytes.readUInt16LE(4)).toBeGreaterThan(0);
  for (const path of ["/", "/how-to-play/othello"]) {
    const html = await (await request.get(path)).text();
    expect(html, path).toMatch(/<link rel="icon" href="\/favicon\.ico/);
    expect(html, path).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    expect(html, path).toMatch(/<meta name="theme-color" content="#[0-9a-f]{6}"/i);
  }
});

test("pages, their scripts and the API's JSON come compressed when asked, and plain when not", async ({
  request,
}) => {
  const page = await request.get("/", { headers: { "accept-encoding": "gzip, br" } });
  expect(page.headers()["content-encoding"]).toMatch(/^(gzip|br)$/);
  // Compression keeps the security headers (docs/architecture.md, "Security").
  expect(page.headers()["content-security-policy"]).toContain("'nonce-");
  const script = /src="(\/_next\/static\/[^"]+\.js)"/.exec(await page.text())?.[1];
  expect(script).toBeDefined();
  const scriptResponse = await request.get(script ?? "", { headers: { "accept-encoding": "gzip, br" } });
  expect(scriptResponse.headers()["content-encoding"]).toMatch(/^(gzip|br)$/);

  const api = await request.get("/api/games", { headers: { "accept-encoding": "gzip, br" } });
  expect(api.status()).toBe(200);
  expect(api.headers()["content-encoding"]).toMatch(/^(gzip|br)$/);
  expect(api.headers()["x-content-type-options"]).toBe("nosniff");
  expect(((await api.json()) as { games: unknown[] }).games.length).toBeGreaterThan(0);

  const plain = await request.get("/api/games", { headers: { "accept-encoding": "identity" } });
  expect(plain.headers()["content-encoding"]).toBeUndefined();
});
