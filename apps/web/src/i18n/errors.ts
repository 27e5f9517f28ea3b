import { ERROR_CODES, type ErrorCode } from "@arena/protocol";
import type { Words } from "./words";

/** The namespace that words each of the protocol's error codes (docs/protocol.md, "Error codes"). */
export const ERRORS_NAMESPACE = "errors";

function isErrorCode(code: string): code is ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(code);
}

/**
 * What the user reads for a refusal (issue 17): the server and the engine send a code and an English
 * message; the client words the code from its catalogue. In English the sender's own message is shown, as
 * it says more (which field of a FEN, which quota) in the same language; a code this build does not know
 * falls back to the message as sent.
 *
 * @param errors a translator over the `errors` namespace
 */
export function failureText(
  errors: Words,
  locale: string,
  failure: { readonly code: string; readonly message?: string | undefined },
): string {
  const detail = failure.message ?? "";
  if (!isErrorCode(failure.code)) return detail === "" ? errors("unknown") : detail;
  if (locale === "en" && detail !== "") return detail;
  return errors(failure.code);
}
