import { cookies, headers } from "next/headers";
import { SPEECH_COOKIE, SPEECH_HEADER, negotiateSpeech, parseSpeechFlag } from "./mode";

/**
 * Whether this request renders in the screen-reader mode: the proxy's decision (src/proxy.ts), else the
 * cookie for a request that did not pass through it.
 */
export async function speechModeOfRequest(): Promise<boolean> {
  const [headerList, cookieList] = await Promise.all([headers(), cookies()]);
  const decided = parseSpeechFlag(headerList.get(SPEECH_HEADER));
  return decided ?? negotiateSpeech({ cookie: cookieList.get(SPEECH_COOKIE)?.value ?? null });
}
