/**
 * The screen-reader mode (docs/web.md, "Screen-reader mode"): a setting of the device, like the language,
 * kept in a cookie and settable from the address (`?sr=1`, `?sr=0`), so the server renders the first paint
 * in it.
 */
export const SPEECH_COOKIE = "arena_sr";
export const SPEECH_QUERY = "sr";
/** The request header through which the proxy hands the decided mode to the page's rendering. */
export const SPEECH_HEADER = "x-arena-sr";
/** A year, as the language's cookie. */
export const SPEECH_COOKIE_MAX_AGE = 365 * 24 * 3600;

/** "1" or "0" as the address or the cookie writes the mode; anything else says nothing. */
export function parseSpeechFlag(value: string | null | undefined): boolean | null {
  if (value === "1") return true;
  if (value === "0") return false;
  return null;
}

/** The mode of a request: the address's `?sr=`, else the cookie, else off. */
export function negotiateSpeech(request: {
  readonly query?: string | null;
  readonly cookie?: string | null;
}): boolean {
  return parseSpeechFlag(request.query) ?? parseSpeechFlag(request.cookie) ?? false;
}

/** How the mode is written in the cookie and the header. */
export function speechFlag(on: boolean): "1" | "0" {
  return on ? "1" : "0";
}
