import type { Words } from "./words";

/**
 * A translator over the `errors` namespace, which words each of the protocol's error codes
 * (docs/protocol.md, "Error codes"; catalogue.test.ts checks it holds exactly those). It is asked whether
 * it knows a code, as the catalogue is what the page can word: a code from a newer server is not in it.
 */
export type ErrorWords = Words & { has(this: void, key: string): boolean };

/**
 * What the user reads for a refusal (issue 17): the server and the engine send a code and an English
 * message; the client words the code from its catalogue. In English the sender's own message is shown, as
 * it says more (which field of a FEN, which quota) in the same language; a code this build does not know
 * falls back to the message as sent.
 */
export function failureText(
  errors: ErrorWords,
  locale: string,
  failure: { readonly code: string; readonly message?: string | undefined },
): string {
  const detail = failure.message ?? "";
  if (!errors.has(failure.code)) return detail === "" ? errors("unknown") : detail;
  if (locale === "en" && detail !== "") return detail;
  return errors(failure.code);
}
