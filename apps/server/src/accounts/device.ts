/** The browsers and systems a session's device is named by, the most specific first. */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\b(?:Headless)?Chrom(?:e|ium)\/|\bCriOS\//, "Chrome"],
  [/\bSafari\//, "Safari"],
  [/^curl\//, "curl"],
  [/^node\b|\bundici\b/i, "Node.js"],
];
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\bAndroid\b/, "Android"],
  [/\biPhone\b|\biPad\b|\biOS\b/, "iOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bLinux\b/, "Linux"],
];

/**
 * A session's device as its owner would recognise it ("Firefox on Linux"), from the login's User-Agent;
 * "" when it says nothing we know. Only this summary is kept, never the whole header.
 */
export function deviceOf(userAgent: string | undefined): string {
  if (userAgent === undefined) return "";
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser !== undefined && system !== undefined) return `${browser} on ${system}`;
  return browser ?? system ?? "";
}

/** A stored device (`deviceOf`'s summary) as its browser and system, for pages to word in their language. */
export function deviceParts(device: string): { browser: string | null; system: string | null } {
  const [first, second] = device.split(" on ");
  if (second !== undefined) return { browser: first ?? null, system: second };
  if (SYSTEMS.some(([, name]) => name === device)) return { browser: null, system: device };
  return { browser: device === "" ? null : device, system: null };
}
